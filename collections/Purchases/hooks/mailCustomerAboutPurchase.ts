import type { CollectionAfterChangeHook } from 'payload'
import type { Purchase } from '../../../payload-types'
import { isLocale } from '../../../src/i18n/locales'
import { queueMail } from '../../../src/mail/queue-mail'
import type { MailTemplateName } from '../../../src/mail/templates'
import { idOf } from '../../../src/site/relation-id'

/** The mail a change of the purchase calls for: the confirmation when placed, "your music is ready" when it becomes paid. */
function mailFor(doc: Purchase, previous: Purchase | undefined): MailTemplateName | null {
  if (!previous) return 'purchase-confirmation'
  if (doc.status !== previous.status && doc.status === 'paid') return 'purchase-paid'
  return null
}

/**
 * Tells the buyer, in the language they bought in: the confirmation with the consents they gave
 * (and the bank details for prepayment; a free purchase's says the music is ready), and the
 * payment's "your music is ready" with the invoice. Queued in the change's transaction; the mail
 * job sends it after the commit, outside any transaction. Runs last.
 */
export const mailCustomerAboutPurchase: CollectionAfterChangeHook<Purchase> = async ({ doc, previousDoc, operation, req }) => {
  const template = mailFor(doc, operation === 'update' ? previousDoc : undefined)
  if (!template) return doc
  const customer = await req.payload.findByID({ collection: 'users', id: idOf(doc.customer)!, depth: 0, req })
  await queueMail(req.payload, req, { template, to: customer.email, locale: isLocale(doc.locale) ? doc.locale : 'de', data: { purchase: doc.id } })
  return doc
}
