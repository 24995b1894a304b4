import type { OrderStatus } from './status'

const DAY_MS = 24 * 60 * 60 * 1000

/** When the seller's song is due: the payment plus the package's turnaround in days. */
export const dueDate = (paidAt: string, turnaroundDays: number): string => new Date(Date.parse(paidAt) + turnaroundDays * DAY_MS).toISOString()

/** Orders the seller still has to work on; the only ones a due date can be overdue for. */
export const WORK_STATUSES: readonly OrderStatus[] = ['paid', 'in_progress', 'revision_requested']

/** Orders the seller still has to look at (the dashboard's "open commissions"). */
export const OPEN_STATUSES: readonly OrderStatus[] = ['pending_payment', ...WORK_STATUSES, 'delivered']

/** Finished orders carry no due date: nothing is owed any more, so they sort after the open ones. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled', 'refunded']

/** True when the song should have been delivered by `now` and still is not. */
export const isOverdue = (dueAt: string | null | undefined, status: string, now = Date.now()): boolean =>
  Boolean(dueAt) && WORK_STATUSES.includes(status as OrderStatus) && Date.parse(dueAt as string) < now
