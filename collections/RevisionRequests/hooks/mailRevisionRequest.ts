import type { CollectionAfterChangeHook } from 'payload'
import type { RevisionRequest } from '../../../payload-types'
import { queueMail } from '../../../src/mail/queue-mail'

/** Tells the seller (settings.email) about a new revision request, queued in the transaction that stores it. */
export const mailRevisionRequest: CollectionAfterChangeHook<RevisionRequest> = async ({ doc, operation, req }) => {
  if (operation !== 'create') return doc
  const settings = await req.payload.findGlobal({ slug: 'settings', depth: 0, req })
  if (settings.email) await queueMail(req.payload, req, { template: 'revision-requested', to: settings.email, locale: 'de', data: { revision: doc.id } })
  return doc
}
