import type { Payload, TypedUser } from 'payload'
import { type Outcome, refuse } from '@/site/outcome'
import { noSuchOrder } from '@/orders/own-order'

export type RevokedGiftLink = { id: number; revoked_at: string }

/**
 * POST /api/orders/{id}/gift-links/{linkId}/revoke/: the gift page stops working at once. Read and
 * changed as the customer, so the collection's access decides whose link it is; revoking twice
 * keeps the first time.
 */
export async function revokeGiftLink(payload: Payload, customer: TypedUser, orderId: number | null, linkId: number | null): Promise<Outcome<RevokedGiftLink>> {
  if (orderId === null || linkId === null) return noSuchOrder()
  const { docs } = await payload.find({
    collection: 'gift-links',
    where: { and: [{ id: { equals: linkId } }, { order: { equals: orderId } }, { customer: { equals: customer.id } }] },
    limit: 1,
    pagination: false,
    depth: 0,
    user: customer,
    overrideAccess: false,
  })
  const link = docs[0]
  if (!link) return refuse(404, 'There is no such gift link in your account.')
  if (link.revoked_at) return { ok: true, value: { id: link.id, revoked_at: link.revoked_at } }
  const revoked = await payload.update({
    collection: 'gift-links',
    id: link.id,
    data: { revoked_at: new Date().toISOString() },
    depth: 0,
    user: customer,
    overrideAccess: false,
  })
  return { ok: true, value: { id: revoked.id, revoked_at: revoked.revoked_at ?? new Date().toISOString() } }
}
