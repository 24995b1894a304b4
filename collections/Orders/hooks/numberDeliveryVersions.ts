import type { CollectionBeforeChangeHook } from 'payload'
import type { Order } from '../../../payload-types'
import { audioIdOf, type UploadRow } from '../../../src/orders/upload-rows'

/**
 * Numbers the seller's deliveries by version ("Fassung 1", "Fassung 2" …): a file delivered
 * before any revision request is version 1, after the first request version 2, and so on, so one
 * delivery may hold several files. A row keeps the number it was given; the customer's own
 * recordings have none. Nobody sets the number by hand.
 */
export const numberDeliveryVersions: CollectionBeforeChangeHook<Order> = async ({ data, originalDoc, operation, req }) => {
  if (!Array.isArray(data.uploads)) return data
  const stored = new Map((originalDoc?.uploads ?? []).map((row) => [row.id, row.version ?? null]))
  const added = data.uploads.filter((row) => !row.id || !stored.has(row.id))
  if (added.length === 0) return { ...data, uploads: data.uploads.map((row) => ({ ...row, version: stored.get(row.id) ?? null })) }

  const [{ docs: recordings }, { totalDocs: revisions }] = await Promise.all([
    req.payload.find({
      collection: 'audio',
      where: { and: [{ id: { in: added.map((row) => audioIdOf(row as UploadRow)) } }, { purpose: { equals: 'recording' } }] },
      select: { purpose: true },
      depth: 0,
      pagination: false,
      req,
    }),
    // A new order has no revision requests yet (Payload hands a create an empty originalDoc).
    operation === 'update' && originalDoc?.id
      ? req.payload.count({ collection: 'revision-requests', where: { order: { equals: originalDoc.id } }, req })
      : Promise.resolve({ totalDocs: 0 }),
  ])
  const recordingIds = new Set(recordings.map((doc) => doc.id))
  const versionOf = (row: UploadRow): number | null => {
    if (row.id && stored.has(row.id)) return stored.get(row.id) ?? null
    return recordingIds.has(audioIdOf(row)) ? null : revisions + 1
  }
  return { ...data, uploads: data.uploads.map((row) => ({ ...row, version: versionOf(row as UploadRow) })) }
}
