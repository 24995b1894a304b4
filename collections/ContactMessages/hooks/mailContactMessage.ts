import type { CollectionAfterChangeHook } from 'payload'
import type { ContactMessage } from '../../../payload-types'
import { isLocale } from '../../../src/i18n/locales'
import { queueMail } from '../../../src/mail/queue-mail'

/**
 * A new contact message goes to the seller by mail (reply-to the visitor) and the visitor gets a
 * short receipt, both queued with the stored message.
 */
export const mailContactMessage: CollectionAfterChangeHook<ContactMessage> = async ({ doc, operation, req }) => {
  if (operation !== 'create') return doc
  const settings = await req.payload.findGlobal({ slug: 'settings', depth: 0, req })
  const data = { message: doc.id }
  const locale = isLocale(doc.locale) ? doc.locale : 'de'
  if (settings.email) await queueMail(req.payload, req, { template: 'contact-copy', to: settings.email, replyTo: doc.email, locale: 'de', data })
  await queueMail(req.payload, req, { template: 'contact-receipt', to: doc.email, locale, data })
  return doc
}
