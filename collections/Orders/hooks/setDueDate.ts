import type { CollectionBeforeChangeHook } from 'payload'
import type { Order } from '../../../payload-types'
import { dueDate } from '../../../src/orders/due-date'
import { FINAL_STATUSES, type OrderStatus } from '../../../src/orders/status'

/**
 * Stamps `due_at` = paid_at + the package's turnaround (src/orders/due-date.ts), so the orders list
 * can sort overdue work first. Runs after guardStatusChange, which sets paid_at. Recomputed only
 * when the payment date or the package changes, so a later change of a package's turnaround does
 * not move the promises already made; cleared before payment and once the order is finished.
 * Never taken from the caller.
 */
export const setDueDate: CollectionBeforeChangeHook<Order> = async ({ data, originalDoc, req }) => {
  const status = (data.status ?? originalDoc?.status) as OrderStatus | undefined
  const paidAt = data.paid_at === undefined ? originalDoc?.paid_at : data.paid_at
  const packageSlug = data.package ?? originalDoc?.package
  if (!paidAt || !packageSlug || (status && FINAL_STATUSES.includes(status))) return { ...data, due_at: null }

  const unchanged = originalDoc?.due_at && originalDoc.paid_at === paidAt && originalDoc.package === packageSlug
  if (unchanged) return { ...data, due_at: originalDoc.due_at }
  const { docs } = await req.payload.find({
    collection: 'packages',
    where: { slug: { equals: packageSlug } },
    select: { turnaround_days: true },
    limit: 1,
    depth: 0,
    req,
  })
  const turnaround = docs[0]?.turnaround_days
  return { ...data, due_at: turnaround ? dueDate(paidAt, turnaround) : null }
}
