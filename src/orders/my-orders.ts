import type { Payload, TypedUser } from 'payload'
import { type ListedOrder, ORDER_READ, serializeOrder } from './serialize'

/** The caller's own orders, newest first (GET /api/orders/my/); the seller's account too lists only theirs. */
export async function listOwnOrders(payload: Payload, customer: TypedUser): Promise<ListedOrder[]> {
  const { docs } = await payload.find({
    collection: 'orders',
    where: { customer: { equals: customer.id } },
    sort: ['-createdAt', '-id'],
    pagination: false,
    ...ORDER_READ,
    user: customer,
    overrideAccess: false,
  })
  return docs.map(serializeOrder)
}
