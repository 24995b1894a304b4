import { mailsMatching } from './mail'

/** The subject of the reset mail, in either language. */
export const RESET_SUBJECT = /Set a new password|Neues Passwort festlegen/

/** The token of a reset mail's link, or null when the mail carries none. */
export const resetTokenIn = (text: string): string | null => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null

/**
 * Calls `ask` (which asks for a reset link for `email`) and waits for the reset mail it brings:
 * the first one to `email` beyond those that had arrived before. The shop queues the mail after
 * answering the request and sends it from its jobs queue, so this waits up to `timeoutMs`.
 */
export async function nextResetMail(email: string, ask: () => Promise<unknown>, timeoutMs = 30_000) {
  const before = mailsMatching({ to: email, subject: RESET_SUBJECT }).length
  await ask()
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mails = mailsMatching({ to: email, subject: RESET_SUBJECT })
    if (mails.length > before) return mails[before]!
    if (Date.now() > deadline) throw new Error(`No new reset mail to ${email} within ${timeoutMs / 1000} s.`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
