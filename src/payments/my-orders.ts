import type { Payload, TypedUser } from 'payload'
import { type BankTransfer, bankTransferFor } from './bank-transfer'
import { type ListedOrder, ORDER_READ, serializeOrder } from '@/orders/serialize'

/**
 * A listed order with, while a prepayment is unpaid, the transfer that pays it (shown in the account with its GiroCode).
 * Here rather than in src/orders: payments build on orders, never the other way round.
 */
export type OwnOrder = ListedOrder & { bank_transfer: BankTransfer | null }

/** The caller's own orders, newest first (GET /api/orders/my/); the seller's account too lists only theirs. */
export async function listOwnOrders(payload: Payload, customer: TypedUser): Promise<OwnOrder[]> {
  const settings = await payload.findGlobal({ slug: 'settings', depth: 0 })
  const { docs } = await payload.find({
    collection: 'orders',
    where: { customer: { equals: customer.id } },
    sort: ['-createdAt', '-id'],
    pagination: false,
    ...ORDER_READ,
    user: customer,
    overrideAccess: false,
  })
  return docs.map((order) => ({ ...serializeOrder(order), bank_transfer: bankTransferFor(order, settings) }))
}
