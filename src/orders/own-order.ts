import type { Payload, PayloadRequest, TypedUser } from 'payload'
import type { Order } from '../../payload-types'
import { type Refusal, refuse } from '@/site/outcome'
import { ORDER_READ } from './serialize'

/**
 * One of the caller's own orders, or null. Read as the caller, so the collection's access rules
 * decide; the customer condition also keeps the seller's storefront account to their own orders.
 * `req` reads inside a transaction (withCustomerLocked in src/site/transaction.ts).
 */
export async function findOwnOrder(payload: Payload, customer: TypedUser, orderId: number, req?: PayloadRequest): Promise<Order | null> {
  const { docs } = await payload.find({
    collection: 'orders',
    where: { and: [{ id: { equals: orderId } }, { customer: { equals: customer.id } }] },
    limit: 1,
    pagination: false,
    ...ORDER_READ,
    user: customer,
    overrideAccess: false,
    req,
  })
  return docs[0] ?? null
}

/** Someone else's order, a deleted one and a malformed id look alike, so nothing about other customers leaks. */
export const noSuchOrder = (): Refusal => refuse(404, 'There is no such order in your account.')
