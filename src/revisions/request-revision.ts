import type { Payload, RequestContext, TypedUser } from 'payload'
import { hasControlCharacters } from '@/http/plain-text'
import { deliveredSongs } from '@/orders/delivered-songs'
import { type Outcome, refuse } from '@/site/outcome'
import { findOwnOrder, noSuchOrder } from '@/orders/own-order'
import { withCustomerLocked } from '@/site/transaction'
import { REVISION_MESSAGE_LIMITS } from './limits'
import { revisionAllowance } from './allowance'

export type RequestedRevision = { id: number; order: number; message: string; delivery_version: number; created_at: string }

function readMessage(body: unknown): Outcome<string> {
  const message = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).message : undefined
  if (typeof message !== 'string') return refuse(400, 'Please describe what you would like changed (`message`).')
  const trimmed = message.trim()
  if (trimmed.length < REVISION_MESSAGE_LIMITS.min)
    return refuse(400, `Please describe what you would like changed in at least ${REVISION_MESSAGE_LIMITS.min} characters.`)
  if (trimmed.length > REVISION_MESSAGE_LIMITS.max) return refuse(400, `The message is too long (at most ${REVISION_MESSAGE_LIMITS.max} characters).`)
  if (hasControlCharacters(trimmed)) return refuse(400, 'The message contains control characters.')
  return { ok: true, value: trimmed }
}

/**
 * POST /api/orders/{id}/revisions/: the customer asks for a revision of their delivered song,
 * before confirming it. Stores the request and moves the order to "revision requested" as the
 * customer's step (guardStatusChange), in one transaction under the customer's lock, so two
 * requests sent at once cannot both pass the package's limit.
 */
export async function requestRevision(payload: Payload, customer: TypedUser, orderId: number | null, body: unknown): Promise<Outcome<RequestedRevision>> {
  const message = readMessage(body)
  if (!message.ok) return message
  if (orderId === null) return noSuchOrder()

  const context = { orderPage: true, statusActor: 'customer' } satisfies RequestContext
  return withCustomerLocked(payload, customer, { orderId }, context, async (req): Promise<Outcome<RequestedRevision>> => {
    const order = await findOwnOrder(payload, customer, orderId, req)
    if (!order) return noSuchOrder()
    if (order.confirmed_by_user || order.status === 'completed') return refuse(409, 'This song is already confirmed; a confirmation cannot be taken back.')
    if (order.status !== 'delivered') return refuse(409, 'A revision can be asked for once the song has been delivered.')
    const allowance = await revisionAllowance(payload, order, req)
    if (allowance.left <= 0) return refuse(409, `All revisions included in your package have been used (${allowance.included}).`)

    const deliveryVersion = Math.max(1, ...deliveredSongs(order).map((song) => song.version))
    const created = await payload.create({
      collection: 'revision-requests',
      data: { order: order.id, customer: customer.id, message: message.value, delivery_version: deliveryVersion },
      depth: 0,
      req,
      user: customer,
      overrideAccess: false,
    })
    // The status is the seller's field; this step is the customer's, taken here on their behalf after the checks above.
    await payload.update({ collection: 'orders', id: order.id, data: { status: 'revision_requested' }, depth: 0, req })
    return {
      ok: true,
      value: { id: created.id, order: order.id, message: created.message, delivery_version: created.delivery_version, created_at: created.createdAt },
    }
  })
}
