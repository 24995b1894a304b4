import type { Payload, TypedUser } from 'payload'
import type { Order } from '../../payload-types'
import { ORDER_READ } from './serialize'

/**
 * An order the viewer may open on its own page: their own, or any order for the seller. Read as
 * the viewer, so the orders collection's access rules decide; null when it is not theirs to see.
 */
export async function findViewableOrder(payload: Payload, viewer: TypedUser, orderId: number): Promise<Order | null> {
  const { docs } = await payload.find({
    collection: 'orders',
    where: { id: { equals: orderId } },
    limit: 1,
    pagination: false,
    ...ORDER_READ,
    user: viewer,
    overrideAccess: false,
  })
  return docs[0] ?? null
}
