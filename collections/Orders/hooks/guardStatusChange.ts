import { APIError, type CollectionBeforeChangeHook, type PayloadRequest } from 'payload'
import { canChangeStatus, isOrderStatus, type OrderStatus, type StatusActor } from '../../../src/orders/status'
import { statusRefusalMessage } from '../../../src/orders/status-refusal'
import type { Order } from '../../../payload-types'
import { isAdminUser } from '../../../src/auth/roles'

/** Who makes this change: named by the server's own code, else the logged-in caller; the server's own calls without a user act for the seller. */
function actorOf(req: PayloadRequest): StatusActor {
  const named = req.context.statusActor
  if (named === 'stripe' || named === 'seller' || named === 'customer') return named
  if (!req.user) return 'seller'
  return isAdminUser(req.user) ? 'seller' : 'customer'
}

/**
 * A refused status change, answered 400 with its message (the admin panel shows it as it is). The
 * explicit name matters: Payload words an error by its name, which the production build would drop.
 */
class StatusChangeRefused extends APIError {
  constructor(message: string) {
    super(message, 400, null, true)
    this.name = 'StatusChangeRefused'
  }
}

const refusal = (req: PayloadRequest, from: OrderStatus, to: OrderStatus) => new StatusChangeRefused(statusRefusalMessage(req, from, to))

/**
 * Lets a status change only along the order life cycle (src/orders/status.ts), by the party
 * allowed to make it, and records each change with time, actor, old and new status. The history
 * is always rebuilt from the stored one, so no caller can write or rewrite it.
 */
export const guardStatusChange: CollectionBeforeChangeHook<Order> = ({ data, originalDoc, operation, req }) => {
  const history = operation === 'update' ? (originalDoc?.status_history ?? []) : []
  if (operation !== 'update' || !originalDoc) return { ...data, status_history: history }
  const from = originalDoc.status
  const to = data.status ?? from
  if (to === from) return { ...data, status_history: history }
  if (!isOrderStatus(from) || !isOrderStatus(to)) throw new StatusChangeRefused('Unknown order status.')

  const actor = actorOf(req)
  if (!canChangeStatus(from, to, actor)) throw refusal(req, from, to)
  const now = new Date().toISOString()
  return {
    ...data,
    ...(to === 'paid' && !originalDoc.paid_at ? { paid_at: now } : {}),
    status_history: [...history, { at: now, actor, from, to }],
  }
}
