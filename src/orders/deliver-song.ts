import type { PayloadRequest } from 'payload'
import type { Order } from '../../payload-types'
import { ORDER_LIMITS } from '@/rules/limits'
import { type Outcome, refuse } from '@/site/outcome'
import { withOrderLocked } from '@/site/transaction'
import { PAID_OPEN_STATUSES } from './status'
import { idOf } from '@/site/relation-id'

/** How many files one delivery may bring (a song and a few variants). */
export const MAX_FILES_PER_DELIVERY = 10

type Delivery = { files: number[]; description: string }

/** The body `{ files: [audio ids], description }`, checked. */
function readDelivery(body: unknown): Outcome<Delivery> {
  const { files, description = '' } = (typeof body === 'object' && body !== null ? body : {}) as { files?: unknown; description?: unknown }
  if (!Array.isArray(files) || files.length === 0 || files.length > MAX_FILES_PER_DELIVERY) {
    return refuse(400, `"files" must list 1 to ${MAX_FILES_PER_DELIVERY} uploaded audio files.`)
  }
  if (!files.every((id) => Number.isSafeInteger(id) && id > 0) || new Set(files).size !== files.length) {
    return refuse(400, '"files" must hold distinct audio file ids.')
  }
  if (typeof description !== 'string') return refuse(400, '"description" must be text.')
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(description)) return refuse(400, 'The description contains control characters.')
  if (description.trim().length > ORDER_LIMITS.uploadDescription) {
    return refuse(400, `The description is too long (at most ${ORDER_LIMITS.uploadDescription} characters).`)
  }
  return { ok: true, value: { files: files as number[], description: description.trim() } }
}

/**
 * The seller delivers a song in one step (the "Song liefern" drop zone, POST
 * /api/cms/orders/{id}/deliver): the audio files just uploaded (Payload's upload checked their
 * real type and size) are appended to the order's files. The order's hooks do the rest in the
 * same save: deliverOnUpload marks it delivered, shareUploadsWithCustomer makes the files the
 * customer's, mailCustomerAboutOrder sends "song delivered". Works for a revision too: the new
 * version joins the earlier ones.
 */
export async function deliverSong(req: PayloadRequest, orderId: number | null, body: unknown): Promise<Outcome<Order>> {
  const delivery = readDelivery(body)
  if (!delivery.ok) return delivery
  if (orderId === null) return refuse(404, 'There is no such order.')
  const user = req.user ?? undefined
  const asSeller = { depth: 0, user, overrideAccess: false, req } as const
  // Read and appended under the order's lock: two deliveries at once both end up in the files.
  return withOrderLocked(req, orderId, async (): Promise<Outcome<Order>> => {
    const { docs } = await req.payload.find({ collection: 'orders', where: { id: { equals: orderId } }, limit: 1, ...asSeller })
    const order = docs[0]
    if (!order) return refuse(404, 'There is no such order.')
    // A delivery may go to an order in work, or add a forgotten file to one just delivered.
    if (!PAID_OPEN_STATUSES.includes(order.status)) return refuse(409, 'A song can be delivered once the order is paid, and not after it is finished.')

    // Only fresh deliveries: not a catalog track, not someone's recording, not a file another order already has.
    const { totalDocs } = await req.payload.count({
      collection: 'audio',
      where: { and: [{ id: { in: delivery.value.files } }, { purpose: { equals: 'delivery' } }, { owner: { exists: false } }] },
      ...asSeller,
    })
    if (totalDocs !== delivery.value.files.length) return refuse(400, '"files" must be newly uploaded delivery files that no order has yet.')

    const kept = (order.uploads ?? []).map((row) => ({
      id: row.id,
      audio: idOf(row.audio),
      description: row.description,
    }))
    const added = delivery.value.files.map((audio) => ({ audio, description: delivery.value.description || null }))
    const delivered = await req.payload.update({ collection: 'orders', id: order.id, data: { uploads: [...kept, ...added] }, ...asSeller })
    return { ok: true, value: delivered }
  })
}
