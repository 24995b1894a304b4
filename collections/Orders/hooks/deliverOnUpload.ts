import type { CollectionBeforeChangeHook } from 'payload'
import type { Order } from '../../../payload-types'
import { WORK_STATUSES } from '../../../src/orders/status'
import { audioIdOf, type UploadRow } from '../../../src/orders/upload-rows'

/**
 * The seller's delivery is one step: adding a song to a paid order's files also marks the order
 * delivered (guardStatusChange then records the step as the seller's). A customer's own recording
 * is no delivery, and an order that is not paid yet keeps its status.
 */
export const deliverOnUpload: CollectionBeforeChangeHook<Order> = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !originalDoc || !Array.isArray(data.uploads)) return data
  const status = data.status ?? originalDoc.status
  if (status !== originalDoc.status || !WORK_STATUSES.includes(status)) return data
  const before = new Set((originalDoc.uploads ?? []).map(audioIdOf))
  const added = data.uploads.map((row) => audioIdOf(row as UploadRow)).filter((id) => !before.has(id))
  if (added.length === 0) return data
  const { totalDocs: deliveries } = await req.payload.count({
    collection: 'audio',
    where: { and: [{ id: { in: added } }, { purpose: { not_equals: 'recording' } }] },
    req,
  })
  return deliveries > 0 ? { ...data, status: 'delivered' } : data
}
