import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type TypedUser } from 'payload'
import { type ConfirmationOutcome, NEW_LINK_LIMIT } from '@/auth/email-confirmation'
import { RESET_LINK_MINUTES, SEALED_TOKEN } from '@/auth/password-reset'
import { takeSlots } from '@/auth/rate-limit'
import { sealResetToken } from '@/auth/reset-token'
import { isLocale, type Locale } from '@/i18n/locales'
import { refuse } from '@/site/outcome'
import { queueMail } from './queue-mail'

/*
 * The account's mails with a one-time link: the welcome and confirmation mails
 * (src/auth/email-confirmation.ts) and the password reset (src/auth/password-reset.ts). The link is
 * made when the mail is sent, by the templates; here the mail is queued. They live in src/mail, not
 * in src/auth, so that the imports run one way: the templates need auth's links, auth needs no mail.
 */

/** Queues the mail with a confirmation link (the link itself is made when it is sent). */
export async function queueConfirmationMail(
  payload: Payload,
  req: Parameters<typeof queueMail>[1],
  template: 'welcome' | 'confirm-email',
  user: { id: number; email: string; locale?: string | null },
): Promise<void> {
  await queueMail(payload, req, { template, to: user.email, locale: isLocale(user.locale) ? user.locale : 'de', data: { user: user.id, email: user.email } })
}

/** POST /api/accounts/confirm-email/resend/: a fresh link for the logged-in account's unconfirmed address. */
export async function sendNewConfirmationLink(payload: Payload, user: TypedUser): Promise<ConfirmationOutcome> {
  if (user.email_confirmed_at) return refuse(409, 'Your e-mail address is already confirmed.', { code: 'already_confirmed' })
  const slot = await takeSlots(payload, [
    { key: `confirmation-link-account:${user.id}`, max: NEW_LINK_LIMIT.perAccount, windowMinutes: NEW_LINK_LIMIT.windowMinutes },
  ])
  if (!slot) return refuse(429, 'You have asked for several links just now. Please try again later.', { code: 'too_many_requests' })
  await queueConfirmationMail(payload, undefined, 'confirm-email', user)
  return { ok: true, value: { email: user.email } }
}

/**
 * After the answer to an accepted request: when `email` has an account, a new token (Payload's
 * forgotPassword; the account keeps its hash) and the queued mail with the token sealed in it.
 * `fallbackLocale` (the visitor's language) writes the mail when the account has none.
 */
export async function mailResetLink(payload: Payload, email: string, fallbackLocale: Locale): Promise<void> {
  // One transaction: the stored hash and the queued mail exist together, or neither does.
  const req = await createLocalReq({ context: { passwordResetRequest: true } }, payload)
  await initTransaction(req)
  try {
    const { docs } = await payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, depth: 0, pagination: false, req })
    const account = docs[0]
    if (account) {
      const token = await payload.forgotPassword({ collection: 'users', data: { email }, disableEmail: true, expiration: RESET_LINK_MINUTES * 60_000, req })
      if (typeof token !== 'string') throw new Error('Payload made no reset token for an existing account.')
      const locale = isLocale(account.locale) ? account.locale : fallbackLocale
      await queueMail(payload, req, {
        template: 'password-reset',
        to: account.email,
        locale,
        data: { user: account.id, [SEALED_TOKEN]: sealResetToken(token, payload.secret) },
      })
    }
    await commitTransaction(req)
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}
