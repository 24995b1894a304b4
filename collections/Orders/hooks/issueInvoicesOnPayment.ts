import type { CollectionBeforeChangeHook } from 'payload'
import { existingInvoice, issueCancellationInvoice, issueInvoice } from '../../../src/invoices/issue-invoice'
import type { Invoice, Order } from '../../../payload-types'
import { idOf } from '../../../src/site/relation-id'

/**
 * An order that becomes paid gets its invoice, and a refunded order that had one its cancellation
 * invoice, both in the same transaction as the status change: if the change is rolled back, so is
 * the invoice and its number. Runs after guardStatusChange, which has allowed the change against
 * the order's locked row (collections/Orders/hooks/lockOrderRows.ts). Idempotent per order and kind: an
 * invoice the order already has is linked, never issued twice (and the database's unique index
 * on order and kind refuses a second one).
 */
export const issueInvoicesOnPayment: CollectionBeforeChangeHook<Order> = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !originalDoc || data.status === originalDoc.status) return data
  const order = { ...originalDoc, ...data } as Order
  if (data.status === 'paid') {
    const invoice = (await existingInvoice(req.payload, req, order.id, 'invoice')) ?? (await issueInvoice(req.payload, req, order))
    return { ...data, invoice: invoice.id }
  }
  const invoiceId = idOf(originalDoc.invoice)
  if (data.status === 'refunded' && invoiceId !== null) {
    const cancellation =
      (await existingInvoice(req.payload, req, order.id, 'cancellation')) ??
      (await issueCancellationInvoice(
        req.payload,
        req,
        order,
        (await req.payload.findByID({ collection: 'invoices', id: invoiceId, depth: 0, req })) as Invoice,
      ))
    return { ...data, cancellation_invoice: cancellation.id }
  }
  return data
}
