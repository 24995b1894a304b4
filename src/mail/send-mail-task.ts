import type { Payload, PayloadRequest, TaskConfig } from 'payload'
import { isLocale } from '@/i18n/locales'
import { mailSettings } from './settings'
import { isMailNotNeeded } from './template'
import { isMailTemplateName, MAIL_TEMPLATES } from './templates'

/** Tries per mail before it counts as failed (with the backoff: about 8 hours at the default 30 s). */
export const MAIL_ATTEMPTS = 10

/** Renders the recorded mail in its language, sends it through Payload's email adapter and notes the outcome. */
async function sendRecordedMail(payload: Payload, req: PayloadRequest, mailId: number, attempt: number) {
  // disableErrors: a mail deleted meanwhile (a customer's data were anonymised) is null, nothing to send any more.
  const mail = await payload.findByID({ collection: 'mails', id: mailId, depth: 0, req, disableErrors: true }).catch((error: unknown) => {
    payload.logger.warn(`Mail ${mailId} could not be read (attempt ${attempt} of ${MAIL_ATTEMPTS}): ${String(error)}`)
    throw error
  })
  if (!mail || mail.status === 'sent') return
  try {
    if (!isMailTemplateName(mail.template)) throw new Error(`Unknown mail template "${mail.template}".`)
    const locale = isLocale(mail.locale) ? mail.locale : 'de'
    const data = (mail.data ?? {}) as Parameters<(typeof MAIL_TEMPLATES)[keyof typeof MAIL_TEMPLATES]>[1]['data']
    const rendered = await MAIL_TEMPLATES[mail.template](payload, { locale, data })
    const info = (await payload.sendEmail({
      to: mail.to,
      ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      attachments: rendered.attachments,
      ...(rendered.headers ? { headers: rendered.headers } : {}),
    })) as { messageId?: string } | undefined
    await payload.update({
      collection: 'mails',
      id: mailId,
      data: {
        status: 'sent',
        attempts: attempt,
        sent_at: new Date().toISOString(),
        subject: rendered.subject,
        text: rendered.recordedText ?? rendered.text,
        ...(rendered.recordedData ? { data: rendered.recordedData } : {}),
        attachment_names: rendered.attachments?.map((file) => file.filename).join(', ') || null,
        message_id: info?.messageId ?? null,
        last_error: null,
      },
      depth: 0,
      req,
    })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    // Not wanted any more (a follower unsubscribed meanwhile): recorded, never tried again.
    const final = attempt >= MAIL_ATTEMPTS || isMailNotNeeded(error)
    await payload.update({
      collection: 'mails',
      id: mailId,
      data: { status: final ? 'failed' : 'retrying', attempts: attempt, last_error: message },
      depth: 0,
      req,
    })
    if (isMailNotNeeded(error)) return
    payload.logger.warn(`Mail ${mailId} to ${mail.to} failed (attempt ${attempt} of ${MAIL_ATTEMPTS}): ${message}`)
    throw error
  }
}

/** The jobs-queue task that sends one recorded mail (collections/Mails/index.ts). */
export const sendMailTask: TaskConfig<{ input: { mail: number }; output: object }> = {
  slug: 'sendMail',
  label: 'Send e-mail',
  inputSchema: [{ name: 'mail', type: 'number', required: true }],
  retries: { attempts: MAIL_ATTEMPTS, backoff: { type: 'exponential', delay: mailSettings().retryDelaySeconds * 1000 } },
  handler: async ({ input, job, req }) => {
    await sendRecordedMail(req.payload, req, input.mail, (job.totalTried ?? 0) + 1)
    return { output: {} }
  },
}
