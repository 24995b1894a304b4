import { type OrderStatus, WORK_STATUSES } from './status'

const DAY_MS = 24 * 60 * 60 * 1000

/** When the seller's song is due: the payment plus the package's turnaround in days. */
export const dueDate = (paidAt: string, turnaroundDays: number): string => new Date(Date.parse(paidAt) + turnaroundDays * DAY_MS).toISOString()

/** True when the song should have been delivered by `now` and still is not. */
export const isOverdue = (dueAt: string | null | undefined, status: string, now = Date.now()): boolean =>
  Boolean(dueAt) && WORK_STATUSES.includes(status as OrderStatus) && Date.parse(dueAt as string) < now
