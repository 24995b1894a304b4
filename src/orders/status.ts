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

/**
 * What each status means to the rest of the shop, one row per status; every set of statuses below
 * is read from this table (a new status is placed once, here).
 * - final: nothing is owed any more: no due date, not open, the account may go.
 * - paid: the customer's money is with the seller (taken and not given back).
 * - inWork: the seller still has to compose or revise; only then can a due date be overdue.
 * - songInHand: the customer has a delivered song to hear, download and give as a gift.
 */
const MEANING: Record<OrderStatus, { final: boolean; paid: boolean; inWork: boolean; songInHand: boolean }> = {
  pending_payment: { final: false, paid: false, inWork: false, songInHand: false },
  paid: { final: false, paid: true, inWork: true, songInHand: false },
  in_progress: { final: false, paid: true, inWork: true, songInHand: false },
  delivered: { final: false, paid: true, inWork: false, songInHand: true },
  revision_requested: { final: false, paid: true, inWork: true, songInHand: true },
  completed: { final: true, paid: true, inWork: false, songInHand: true },
  cancelled: { final: true, paid: false, inWork: false, songInHand: false },
  refunded: { final: true, paid: false, inWork: false, songInHand: false },
}

const statusesWhere = (test: (meaning: (typeof MEANING)[OrderStatus]) => boolean): readonly OrderStatus[] =>
  ORDER_STATUSES.filter((status) => test(MEANING[status]))

/** The customer's money is with the seller: the commissions the dashboard counts as sales. */
export const PAID_STATUSES = statusesWhere((meaning) => meaning.paid)

/** Finished: completed, cancelled, refunded. They carry no due date and sort after the open ones. */
export const FINAL_STATUSES = statusesWhere((meaning) => meaning.final)

/** Not finished, paid or not: the orders the seller still has to look at (the admin's "open" filter). */
export const OPEN_STATUSES = statusesWhere((meaning) => !meaning.final)

/**
 * Paid and not finished: the seller owes the song (or another version of it) and may deliver, and
 * while one exists the customer's account stays (src/gdpr/retention.ts).
 */
export const PAID_OPEN_STATUSES = statusesWhere((meaning) => meaning.paid && !meaning.final)

/** The seller still has to compose or revise: the only orders a due date can be overdue for. */
export const WORK_STATUSES = statusesWhere((meaning) => meaning.inWork)

/** Paid, and no song delivered yet (the dashboard's "to compose"). */
export const TO_COMPOSE_STATUSES = statusesWhere((meaning) => meaning.inWork && !meaning.songInHand)

/** The customer has their song: to hear, download and give as a gift. */
export const SONG_IN_HAND_STATUSES = statusesWhere((meaning) => meaning.songInHand)

/** Finished: nothing is owed any more (FINAL_STATUSES). */
export const isFinalStatus = (status: OrderStatus): boolean => MEANING[status].final
