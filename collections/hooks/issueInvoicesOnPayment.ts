import type { CollectionBeforeChangeHook } from 'payload'
import { issueCancellationInvoice, issueInvoice } from '../../src/invoices/issue-invoice'
import type { Invoice, Order } from '../../payload-types'

/**
 * An order that becomes paid gets its invoice, and a refunded order that had one its cancellation
 * invoice, both in the same transaction as the status change: if the change is rolled back, so is
 * the invoice and its number. Runs after guardStatusChange, which has allowed the change.
 */
export const issueInvoicesOnPayment: CollectionBeforeChangeHook<Order> = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !originalDoc || data.status === originalDoc.status) return data
  const order = { ...originalDoc, ...data } as Order
  if (data.status === 'paid' && !originalDoc.invoice) {
    const invoice = await issueInvoice(req.payload, req, order)
    return { ...data, invoice: invoice.id }
  }
  if (data.status === 'refunded' && originalDoc.invoice && !originalDoc.cancellation_invoice) {
    const invoiceId = typeof originalDoc.invoice === 'object' ? originalDoc.invoice.id : originalDoc.invoice
    const original = (await req.payload.findByID({ collection: 'invoices', id: invoiceId, depth: 0, req })) as Invoice
    const cancellation = await issueCancellationInvoice(req.payload, req, order, original)
    return { ...data, cancellation_invoice: cancellation.id }
  }
  return data
}
