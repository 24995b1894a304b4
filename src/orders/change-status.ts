import type { PayloadRequest } from 'payload'
import type { Order } from '../../payload-types'
import { type Outcome, refuse } from '@/site/outcome'
import { canChangeStatus, isOrderStatus, ORDER_STATUSES } from './status'
import { statusRefusalMessage } from './status-refusal'
import { withOrderLocked } from '@/site/transaction'

/**
 * The seller moves an order one step along its life cycle (the status buttons of the admin's order
 * view, POST /api/cms/orders/{id}/status). The step is checked here, on the order's locked row, for
 * a clear answer, and again by collections/Orders/hooks/guardStatusChange.ts, which also records it in the
 * status history. Under the lock, two presses at once (or a press and Stripe's webhook) come one
 * after the other: the second is checked against what the first did.
 */
export async function changeStatusAsSeller(req: PayloadRequest, orderId: number | null, requested: unknown): Promise<Outcome<Order>> {
  if (!isOrderStatus(requested)) return refuse(400, `"status" must be one of: ${ORDER_STATUSES.join(', ')}.`)
  if (orderId === null) return refuse(404, 'There is no such order.')
  const user = req.user ?? undefined
  return withOrderLocked(req, orderId, async (): Promise<Outcome<Order>> => {
    const { docs } = await req.payload.find({ collection: 'orders', where: { id: { equals: orderId } }, limit: 1, depth: 0, user, overrideAccess: false, req })
    const order = docs[0]
    if (!order) return refuse(404, 'There is no such order.')
    if (!canChangeStatus(order.status, requested, 'seller')) return refuse(409, statusRefusalMessage(req, order.status, requested))
    const changed = await req.payload.update({ collection: 'orders', id: order.id, data: { status: requested }, depth: 0, user, overrideAccess: false, req })
    return { ok: true, value: changed }
  })
}
