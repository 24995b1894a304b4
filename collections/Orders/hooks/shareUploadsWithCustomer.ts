import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'
import type { Audio, Order } from '../../../payload-types'
import { audioIdOf } from '../../../src/orders/upload-rows'
import { idOf } from '../../../src/site/relation-id'

const customerIdOf = (order: Order | undefined) => idOf(order?.customer)

/**
 * Makes every file in an order's uploads readable by the order's customer: the Audio
 * collection's read access goes by `owner`. A file the seller adds here is a delivery; the
 * customer's own recordings stay recordings.
 *
 * A catalog track is never made private: an audio file that a track of the catalog uses keeps
 * purpose "track" (it is public, so the customer can hear it anyway). An audio file with purpose
 * "track" that no catalog track uses was marked public by mistake and becomes a delivery. Files
 * the upload drawer of this form creates are private deliveries from the start (the Audio
 * collection's default purpose).
 */
export const shareUploadsWithCustomer: CollectionAfterChangeHook<Order> = async ({ doc, previousDoc, operation, req }) => {
  const customerId = customerIdOf(doc)
  const rows = doc.uploads ?? []
  const audioIds = rows.map(audioIdOf)
  const uploadsChanged = operation === 'create' || audioIds.join() !== (previousDoc?.uploads ?? []).map(audioIdOf).join()
  // An order moved to another customer takes its files along.
  const customerChanged = operation === 'update' && customerId !== customerIdOf(previousDoc)
  if (rows.length === 0 || (!uploadsChanged && !customerChanged)) return doc

  // The server's own bookkeeping on behalf of the order's rules, hence without access checks.
  const { docs: files } = await req.payload.find({
    collection: 'audio',
    where: { id: { in: audioIds } },
    depth: 0,
    pagination: false,
    req,
  })
  for (const file of files) {
    const purpose = await purposeForCustomer(file, req)
    if (purpose === null) continue
    const ownerId = idOf(file.owner)
    if (ownerId === customerId && file.purpose === purpose) continue
    await req.payload.update({ collection: 'audio', id: file.id, data: { owner: customerId, purpose }, depth: 0, req })
  }
  return doc
}

/** The purpose a file of this order should have, or null to leave a catalog track untouched. */
async function purposeForCustomer(file: Audio, req: PayloadRequest): Promise<Audio['purpose'] | null> {
  if (file.purpose === 'recording' || file.purpose === 'delivery') return file.purpose
  const { totalDocs } = await req.payload.count({ collection: 'tracks', where: { audio: { equals: file.id } }, req })
  return totalDocs > 0 ? null : 'delivery'
}
