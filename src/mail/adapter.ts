import nodemailer, { type Transporter } from 'nodemailer'
import type { EmailAdapter } from 'payload'
import { assertNoOpenTransaction } from '@/site/outside-transactions'
import { outboxTransport } from './outbox-transport'
import { mailSettings } from './settings'

/** A nodemailer transport for the configured SMTP server, else the .eml outbox. */
function transportFor(delivery: ReturnType<typeof mailSettings>['delivery']): Transporter {
  if (delivery.kind === 'outbox') return nodemailer.createTransport(outboxTransport(delivery.folder)) as unknown as Transporter
  // Short timeouts: a hanging mail server fails the job, which is retried later.
  return nodemailer.createTransport({ url: delivery.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
}

/**
 * Payload's email adapter (its `email` option), written against nodemailer directly: the
 * @payloadcms/email-nodemailer package pins an exact Payload version that lags behind ours.
 */
export function mailAdapter(): EmailAdapter {
  const { delivery, fromAddress, fromName } = mailSettings()
  const transport = transportFor(delivery)
  return () => ({
    name: 'nodemailer',
    defaultFromAddress: fromAddress,
    defaultFromName: fromName,
    sendEmail: async ({ from, ...message }) => {
      // Mails leave through the jobs queue, whose tasks run outside transactions (src/mail/send-mail-task.ts).
      assertNoOpenTransaction('SMTP')
      return transport.sendMail({
        ...message,
        from: typeof from === 'object' && from ? { name: from.name ?? fromName, address: from.address } : (from ?? { name: fromName, address: fromAddress }),
      })
    },
  })
}
