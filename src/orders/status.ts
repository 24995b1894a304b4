/**
 * An order's life cycle: awaiting payment → paid → in production → delivered → completed, plus
 * cancelled and refunded; a delivered song may go back to the seller as a revision request
 * (revision_requested) before the customer confirms it. The raw values are what the orders API
 * returns as `status`.
 */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'in_progress', 'delivered', 'revision_requested', 'completed', 'cancelled', 'refunded'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Who changes a status: the customer (confirming), the seller (admin), Stripe (webhooks). */
export type { StatusActor } from '../site/request-context'
import type { StatusActor } from '../site/request-context'

type Transition = { to: OrderStatus; by: readonly StatusActor[] }

/**
 * Every allowed change and who may make it. Payment is confirmed by Stripe's webhook or, for a
 * bank transfer, by the seller; only the customer's "happy" completes a delivery; money that was
 * taken leaves only as a refund (made in Stripe or recorded by the seller), never as a cancellation.
 */
const TRANSITIONS: Record<OrderStatus, readonly Transition[]> = {
  pending_payment: [
    { to: 'paid', by: ['seller', 'stripe'] },
    { to: 'cancelled', by: ['seller', 'stripe'] },
  ],
  paid: [
    { to: 'in_progress', by: ['seller'] },
    { to: 'delivered', by: ['seller'] },
    { to: 'refunded', by: ['seller', 'stripe'] },
  ],
  in_progress: [
    { to: 'delivered', by: ['seller'] },
    { to: 'refunded', by: ['seller', 'stripe'] },
  ],
  delivered: [
    { to: 'completed', by: ['customer'] },
    { to: 'revision_requested', by: ['customer'] },
    { to: 'refunded', by: ['seller', 'stripe'] },
  ],
  revision_requested: [
    { to: 'delivered', by: ['seller'] },
    { to: 'refunded', by: ['seller', 'stripe'] },
  ],
  completed: [{ to: 'refunded', by: ['seller', 'stripe'] }],
  cancelled: [],
  refunded: [],
}

export const isOrderStatus = (value: unknown): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus)

/** True when `actor` may move an order from `from` to `to`. */
export function canChangeStatus(from: OrderStatus, to: OrderStatus, actor: StatusActor): boolean {
  return TRANSITIONS[from].some((transition) => transition.to === to && transition.by.includes(actor))
}

/** The statuses `actor` may move an order to from `from` (the seller's buttons in the admin). */
export const nextStatuses = (from: OrderStatus, actor: StatusActor): OrderStatus[] =>
  TRANSITIONS[from].filter((transition) => transition.by.includes(actor)).map((transition) => transition.to)

/** Open orders still count against a customer's limits and need the seller's attention. */
export const isFinalStatus = (status: OrderStatus): boolean => TRANSITIONS[status].length === 0 || status === 'completed'
