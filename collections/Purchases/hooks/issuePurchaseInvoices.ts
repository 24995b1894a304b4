import type { CollectionBeforeChangeHook } from 'payload'
import type { Invoice, Purchase } from '../../../payload-types'
import { existingInvoice, issuePurchaseCancellationInvoice, issuePurchaseInvoice } from '../../../src/invoices/issue-invoice'
import { idOf } from '../../../src/site/relation-id'

/**
 * A purchase that becomes paid gets its invoice (one per purchase, the same gapless series as the
 * orders'), and a refunded purchase that had one its cancellation invoice, in the transaction of
 * the status change: a rollback takes the number back. A free purchase (total 0) gets none. Runs
 * after guardPurchaseStatus, which allowed the step against the locked row; an invoice the
 * purchase already has is linked, never issued twice (and the unique index on purchase and kind
 * refuses a second one).
 */
export const issuePurchaseInvoices: CollectionBeforeChangeHook<Purchase> = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !originalDoc || data.status === originalDoc.status) return data
  const purchase = { ...originalDoc, ...data } as Purchase
  if (data.status === 'paid' && purchase.total > 0) {
    const invoice = (await existingInvoice(req.payload, req, { purchase: purchase.id }, 'invoice')) ?? (await issuePurchaseInvoice(req.payload, req, purchase))
    return { ...data, invoice: invoice.id }
  }
  const invoiceId = idOf(originalDoc.invoice)
  if (data.status === 'refunded' && invoiceId !== null) {
    const cancellation =
      (await existingInvoice(req.payload, req, { purchase: purchase.id }, 'cancellation')) ??
      (await issuePurchaseCancellationInvoice(
        req.payload,
        req,
        purchase,
        (await req.payload.findByID({ collection: 'invoices', id: invoiceId, depth: 0, req })) as Invoice,
      ))
    return { ...data, cancellation_invoice: cancellation.id }
  }
  return data
}
