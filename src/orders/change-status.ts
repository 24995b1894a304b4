import { APIError, type PayloadRequest } from 'payload'
import { statusRefusalMessage } from '@collections/hooks/guardStatusChange'
import type { Order } from '../../payload-types'
import { type Outcome, refuse } from './outcome'
import { canChangeStatus, isOrderStatus, ORDER_STATUSES } from './status'

/**
 * The seller moves an order one step along its life cycle (the status buttons of the admin's order
 * view, POST /api/cms/orders/{id}/status). The step is checked here for a clear answer, and again
 * by collections/hooks/guardStatusChange.ts, which also records it in the status history.
 */
export async function changeStatusAsSeller(req: PayloadRequest, orderId: number | null, requested: unknown): Promise<Outcome<Order>> {
  if (!isOrderStatus(requested)) return refuse(400, `"status" must be one of: ${ORDER_STATUSES.join(', ')}.`)
  const user = req.user ?? undefined
  const { docs } = orderId === null ? { docs: [] } : await req.payload.find({
    collection: 'orders',
    where: { id: { equals: orderId } },
    limit: 1,
    depth: 0,
    user,
    overrideAccess: false,
    req,
  })
  const order = docs[0]
  if (!order) return refuse(404, 'There is no such order.')
  if (!canChangeStatus(order.status, requested, 'seller')) return refuse(409, statusRefusalMessage(req, order.status, requested))
  try {
    const changed = await req.payload.update({ collection: 'orders', id: order.id, data: { status: requested }, depth: 0, user, overrideAccess: false, req })
    return { ok: true, value: changed }
  } catch (error) {
    // The customer acted in between (e.g. confirmed): the hook's refusal, answered as a conflict.
    if (error instanceof APIError && error.status === 400) return refuse(409, error.message)
    throw error
  }
}
