import { APIError, type CollectionBeforeChangeHook } from 'payload'
import type { Order } from '../../../payload-types'
import { audioIdOf, type UploadRow } from '../../../src/orders/upload-rows'

/**
 * A customer's voice recordings belong to the order for good: no save (the seller's, with or
 * without a current form) may drop one from the order's files, until the customer's personal data
 * are erased. Deliveries the seller may remove.
 */
export const keepCustomerRecordings: CollectionBeforeChangeHook<Order> = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !Array.isArray(data.uploads) || !originalDoc?.uploads?.length) return data
  if (req.context.customerErasure === true) return data
  const kept = new Set(data.uploads.map((row) => audioIdOf(row as UploadRow)))
  const removed = originalDoc.uploads.map(audioIdOf).filter((id) => !kept.has(id))
  if (removed.length === 0) return data
  // Bookkeeping on behalf of the order's rule: the seller may not be able to read every file.
  const { totalDocs } = await req.payload.count({
    collection: 'audio',
    where: { and: [{ id: { in: removed } }, { purpose: { equals: 'recording' } }] },
    req,
  })
  if (totalDocs > 0) {
    const message = "A customer's voice recording cannot be removed from the order."
    // Named by hand: the minified build drops the class name, and Payload's REST answer then hides the message.
    throw Object.assign(new APIError(message, 409, { detail: message }, true), { name: 'CustomerRecordingKept' })
  }
  return data
}
