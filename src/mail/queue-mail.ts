import type { Payload, PayloadRequest } from 'payload'
import type { Locale } from '@/i18n/locales'
import type { MailData } from './template'
import type { MailTemplateName } from './templates'

export type MailRequest = {
  template: MailTemplateName
  to: string
  locale: Locale
  replyTo?: string
  data: MailData
}

/**
 * Records a mail and queues the job that sends it, in the transaction of `req` (the change that
 * causes the mail): if that change is rolled back, no mail goes out; if the mail server is down or
 * slow, the change is not held up, the job retries later.
 */
export async function queueMail(payload: Payload, req: PayloadRequest | undefined, mail: MailRequest): Promise<void> {
  if (req?.context?.noMail === true) return
  const record = await payload.create({
    collection: 'mails',
    data: {
      template: mail.template,
      to: mail.to,
      reply_to: mail.replyTo ?? null,
      locale: mail.locale,
      data: mail.data,
      status: 'queued',
      attempts: 0,
    },
    depth: 0,
    req,
  })
  await payload.jobs.queue({ task: 'sendMail', input: { mail: record.id }, req })
}
