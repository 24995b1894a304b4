import type { CollectionAfterChangeHook } from 'payload'
import type { Order } from '../../../payload-types'
import { queueMp3Preparation } from '../../../src/downloads/prepare-mp3-task'
import { audioIdOf } from '../../../src/orders/upload-rows'

/**
 * Songs the seller adds to an order get their MP3 made in the background at once (a job in the
 * transaction of the delivery). Runs after shareUploadsWithCustomer, which marks them deliveries;
 * the customer's own recordings are never offered as downloads and are left alone.
 */
export const prepareDeliveredDownloads: CollectionAfterChangeHook<Order> = async ({ doc, previousDoc, req }) => {
  const before = new Set((previousDoc?.uploads ?? []).map(audioIdOf))
  const added = (doc.uploads ?? []).map(audioIdOf).filter((id) => !before.has(id))
  if (added.length === 0) return doc
  const { docs: deliveries } = await req.payload.find({
    collection: 'audio',
    where: { and: [{ id: { in: added } }, { purpose: { equals: 'delivery' } }] },
    depth: 0,
    pagination: false,
    select: {},
    req,
  })
  await queueMp3Preparation(
    req.payload,
    req,
    deliveries.map((file) => file.id),
  )
  return doc
}
