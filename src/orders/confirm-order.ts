import type { Payload, TypedUser } from 'payload'
import { withCustomerLocked } from '@/site/transaction'
import { findOwnOrder, noSuchOrder } from './own-order'
import { type Outcome, refuse } from '@/site/outcome'
import { type ListedOrder, ORDER_READ, serializeOrder } from './serialize'

/**
 * The customer confirms that they are happy with their delivered song (POST /api/orders/{id}/confirm/),
 * which completes the order. Once only: spec section 4 has no way back, and the collection lets a
 * customer set the flag only while it is unset (collections/access/confirmationStillOpen.ts). Checked
 * and written under the order's lock, so a refund or a revision request at the same moment comes
 * either before (and the confirmation is refused) or after.
 */
export async function confirmOrder(payload: Payload, customer: TypedUser, orderId: number | null): Promise<Outcome<ListedOrder>> {
  if (orderId === null) return noSuchOrder()
  return withCustomerLocked(payload, customer, { orderId }, { orderPage: true }, async (req): Promise<Outcome<ListedOrder>> => {
    const order = await findOwnOrder(payload, customer, orderId, req)
    if (!order) return noSuchOrder()
    if (order.status === 'cancelled') return refuse(409, 'This order was cancelled and cannot be confirmed.')
    if (order.confirmed_by_user) return refuse(409, 'This order is already confirmed.')
    if (order.status !== 'delivered') return refuse(409, 'This order can be confirmed once its song has been delivered.')

    const confirmed = await payload.update({
      collection: 'orders',
      id: order.id,
      data: { confirmed_by_user: true },
      ...ORDER_READ,
      user: customer,
      overrideAccess: false,
      req,
    })
    return { ok: true, value: serializeOrder(confirmed) }
  })
}
