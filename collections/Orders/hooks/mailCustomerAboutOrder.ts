import type { CollectionAfterChangeHook } from 'payload'
import type { Order } from '../../../payload-types'
import { isLocale, type Locale } from '../../../src/i18n/locales'
import { queueMail } from '../../../src/mail/queue-mail'
import type { MailTemplateName } from '../../../src/mail/templates'
import { idOf } from '../../../src/site/relation-id'

/** The language the customer ordered in (mails go out in it); German when the order does not say. */
const orderLocale = (order: Order): Locale => (isLocale(order.locale) ? order.locale : 'de')

/** The mail a change of the order calls for, if any. */
function mailFor(doc: Order, previous: Order | undefined, placedInShop: boolean): MailTemplateName | null {
  if (!previous) return placedInShop ? 'order-confirmation' : null
  if (doc.status === previous.status) return null
  if (doc.status === 'paid') return 'payment-received'
  if (doc.status === 'delivered') return 'song-delivered'
  return null
}

/**
 * Tells the customer what happened to their order: the confirmation when they placed it, the
 * payment receipt with the invoice, the delivered song. Queued in the transaction of the change.
 */
export const mailCustomerAboutOrder: CollectionAfterChangeHook<Order> = async ({ doc, previousDoc, operation, req }) => {
  const template = mailFor(doc, operation === 'update' ? previousDoc : undefined, req.context.orderForm === true)
  if (!template) return doc
  const customerId = idOf(doc.customer)
  const customer = await req.payload.findByID({ collection: 'users', id: customerId, depth: 0, req })
  await queueMail(req.payload, req, { template, to: customer.email, locale: orderLocale(doc), data: { order: doc.id } })
  return doc
}
