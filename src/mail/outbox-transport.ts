import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Transport } from 'nodemailer'

/**
 * A nodemailer transport for machines without an SMTP server: every mail becomes an .eml file
 * (the complete message, attachments included), so nothing is lost and a newcomer can open it.
 */
export function outboxTransport(folder: string): Transport<{ messageId: string; path: string }> {
  return {
    name: 'outbox',
    version: '1',
    send(mail, done) {
      const messageId = mail.message.messageId()
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(folder, `${stamp}-${randomUUID().slice(0, 8)}.eml`)
      mail.message.build((error, message) => {
        if (error) return done(error, undefined as never)
        mkdirSync(folder, { recursive: true })
        writeFile(file, message, { mode: 0o600 }).then(
          () => {
            console.log(`Mail to ${mail.message.getEnvelope().to.join(', ')} written to ${file} (no SMTP server configured).`)
            done(null, { messageId, path: file })
          },
          (writeError: Error) => done(writeError, undefined as never),
        )
      })
    },
  }
}
