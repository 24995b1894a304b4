import type { Payload, PayloadRequest, TypedUser } from 'payload'
import type { Purchase } from '../../payload-types'
import { type Refusal, refuse } from '@/site/outcome'
import type { PurchaseAsListed } from './purchase-request'
import { PURCHASE_READ, serializePurchase } from './serialize'

/**
 * One of the caller's own purchases, or null. Read as the caller, so the collection's access rules
 * decide; the customer condition also keeps the seller's storefront account to their own.
 * `req` reads inside a transaction (withCustomerLocked).
 */
export async function findOwnPurchase(payload: Payload, customer: TypedUser, purchaseId: number, req?: PayloadRequest): Promise<Purchase | null> {
  const { docs } = await payload.find({
    collection: 'purchases',
    where: { and: [{ id: { equals: purchaseId } }, { customer: { equals: customer.id } }] },
    limit: 1,
    pagination: false,
    ...PURCHASE_READ,
    user: customer,
    overrideAccess: false,
    req,
  })
  return docs[0] ?? null
}

/** Someone else's purchase, a missing one and a malformed id look alike: nothing about other customers leaks. */
export const noSuchPurchase = (): Refusal => refuse(404, 'There is no such purchase in your account.')

/** The caller's own purchases, newest first (GET /api/purchases/my/). */
export async function listOwnPurchases(payload: Payload, customer: TypedUser): Promise<PurchaseAsListed[]> {
  const { docs } = await payload.find({
    collection: 'purchases',
    where: { customer: { equals: customer.id } },
    sort: ['-createdAt', '-id'],
    pagination: false,
    ...PURCHASE_READ,
    user: customer,
    overrideAccess: false,
  })
  return docs.map(serializePurchase)
}
