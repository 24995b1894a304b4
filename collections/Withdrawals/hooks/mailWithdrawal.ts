import type { CollectionAfterChangeHook } from 'payload'
import type { Withdrawal } from '../../../payload-types'
import { queueMail } from '../../../src/mail/queue-mail'

/**
 * A received withdrawal is confirmed to the customer at once (the declaration and its time of
 * receipt) and reported to the seller, both queued in the transaction that stores it: no stored
 * declaration without its confirmation, no confirmation for one that was not stored.
 */
export const mailWithdrawal: CollectionAfterChangeHook<Withdrawal> = async ({ doc, operation, req }) => {
  if (operation !== 'create') return doc
  const data = { withdrawal: doc.id }
  await queueMail(req.payload, req, { template: 'withdrawal-received', to: doc.email, locale: doc.locale, data })
  const settings = await req.payload.findGlobal({ slug: 'settings', depth: 0, req })
  if (settings.email) await queueMail(req.payload, req, { template: 'withdrawal-notice', to: settings.email, replyTo: doc.email, locale: 'de', data })
  return doc
}
