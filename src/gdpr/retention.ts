import type { Payload, PayloadRequest } from 'payload'
import { PAID_OPEN_STATUSES } from '@/orders/status'

/**
 * How long what a customer leaves behind is kept. Invoices are accounting vouchers: eight years
 * (§ 147 (1) no. 4 and (3) AO, § 14b (1) UStG), counted from the end of the calendar year in
 * which they were issued (§ 147 (4) AO). Everything the invoices do not need goes when the
 * customer's data are anonymised (src/gdpr/anonymise.ts).
 */
export const INVOICE_RETENTION_YEARS = 8

/** The last day an invoice issued at `issuedAt` must be kept. */
export function invoiceKeptUntil(issuedAt: string | Date): string {
  const year = new Date(issuedAt).getUTCFullYear() + INVOICE_RETENTION_YEARS
  return `${year}-12-31`
}

/** The customer's orders that block anonymising or deleting their account (paid and not finished), oldest first. */
export async function openOrdersOf(payload: Payload, customerId: number, req?: Partial<PayloadRequest>): Promise<{ id: number; status: string }[]> {
  const { docs } = await payload.find({
    collection: 'orders',
    where: { and: [{ customer: { equals: customerId } }, { status: { in: [...PAID_OPEN_STATUSES] } }] },
    depth: 0,
    pagination: false,
    sort: 'createdAt',
    select: { status: true },
    req,
  })
  return docs.map((order) => ({ id: order.id, status: order.status }))
}
