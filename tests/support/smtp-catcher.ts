import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { type AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** While this file exists in the catcher's folder, its SMTP port is closed (a mail server that is down). */
export const SMTP_DOWN_FLAG = '.smtp-down'

/**
 * Recipients the catcher refuses for good, as a mail server answers for an address that does not
 * exist (550 5.1.1): any address whose local part ends in "+smtp550" (a permanent bounce).
 */
export const PERMANENTLY_REFUSED_RECIPIENT = /\+smtp550@/i

export type CaughtMail = {
  to: string[]
  from: string
  replyTo?: string
  subject: string
  /** The Message-ID header the sender gave the mail (one per sending: a mail sent twice has two). */
  messageId?: string
  text: string
  html: string
  attachments: { filename: string; contentType: string; size: number; cid?: string }[]
  date: string
  /** The List-* headers as sent (List-Unsubscribe, List-Unsubscribe-Post), by lower-case name. */
  listHeaders?: Record<string, string>
}

/**
 * A real SMTP server on loopback for the tests (smtp-server, read with mailparser). Every mail it
 * receives becomes one JSON file in `folder`, so Jest and Playwright, each in its own process,
 * can read what the shop sent. `port`: listen there instead of on a free one (a mail server
 * started again at the address the shop already has).
 */
export async function startSmtpCatcher(folder: string, { port: fixedPort = 0 }: { port?: number } = {}): Promise<{ url: string; close: () => Promise<void> }> {
  mkdirSync(folder, { recursive: true })
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, done) {
      if (!PERMANENTLY_REFUSED_RECIPIENT.test(address.address)) return done()
      done(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }))
    },
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          const addresses = (field: typeof mail.to) =>
            field ? (Array.isArray(field) ? field : [field]).flatMap((a) => a.value.map((v) => v.address ?? '')) : []
          const caught: CaughtMail = {
            to: addresses(mail.to),
            from: mail.from?.value[0]?.address ?? '',
            replyTo: mail.replyTo?.value[0]?.address,
            subject: mail.subject ?? '',
            messageId: mail.messageId,
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, size: a.size, cid: a.cid })),
            date: new Date().toISOString(),
            listHeaders: Object.fromEntries(
              mail.headerLines
                .filter((header) => header.key.startsWith('list-'))
                .map((header) => [
                  header.key,
                  header.line
                    .slice(header.line.indexOf(':') + 1)
                    .replace(/\r?\n\s+/g, ' ')
                    .trim(),
                ]),
            ),
          }
          received += 1
          // Written beside, then renamed: a reader in another process never sees a half-written file
          // (JSON.parse of one failed a contact test: "Unexpected end of JSON input").
          const file = path.join(folder, `${Date.now()}-${String(received).padStart(5, '0')}.json`)
          writeFileSync(`${file}.partial`, JSON.stringify(caught))
          renameSync(`${file}.partial`, file)
          done()
        })
        .catch((error: Error) => done(error))
    },
  })
  await new Promise<void>((resolve) => server.listen(fixedPort, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  // Closes and reopens the same port as the flag file comes and goes.
  let listening = true
  const watcher = setInterval(() => {
    const down = existsSync(path.join(folder, SMTP_DOWN_FLAG))
    if (down && listening) {
      listening = false
      server.server.close()
    } else if (!down && !listening) {
      listening = true
      server.server.listen(port, '127.0.0.1')
    }
  }, 100)

  return {
    url: `smtp://127.0.0.1:${port}`,
    close: async () => {
      clearInterval(watcher)
      if (listening) await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
