import type { Payload, PayloadRequest } from 'payload'
import type { FocusTheme, Invoice, Order, UseType, User } from '../../payload-types'
import { packageLabel, PAYMENT_METHOD_TABLE, themeLabel } from '@/rules/choices'
import { snapshotCents, toEuros } from '@/rules/pricing'
import { takeInvoiceNumber } from './invoice-number'
import { type InvoiceData, invoiceTotals, renderInvoicePdf } from './invoice-pdf'
import { idOf } from '@/site/relation-id'

/** Invoices are written in German, the seller's language and the language of the tax office. */
const INVOICE_LOCALE = 'de' as const

/** The label of a use type or focus theme by slug, for the invoice's item text; the slug when none is found. */
async function labelOf(payload: Payload, req: PayloadRequest, collection: 'use-types' | 'focus-themes', slug: string): Promise<string> {
  const { docs } = await payload.find({ collection, where: { slug: { equals: slug } }, limit: 1, depth: 0, locale: INVOICE_LOCALE, req })
  return (docs[0] as UseType | FocusTheme | undefined)?.label ?? slug
}

/** What an invoice for this order says: the trader from the settings, the customer, the items as ordered. */
async function invoiceContent(payload: Payload, req: PayloadRequest, order: Order): Promise<Omit<InvoiceData, 'kind' | 'number' | 'issueDate'>> {
  const customerId = idOf(order.customer)
  const [settings, customer] = await Promise.all([
    payload.findGlobal({ slug: 'settings', depth: 0, req }),
    customerId === null ? null : (payload.findByID({ collection: 'users', id: customerId, depth: 0, req }) as Promise<User>),
  ])
  const theme = themeLabel({ theme: order.theme, customTheme: order.custom_theme }, { [order.theme]: await labelOf(payload, req, 'focus-themes', order.theme) })
  const details = [...(order.use_type ? [`Einsatzbereich: ${await labelOf(payload, req, 'use-types', order.use_type)}`] : []), `Thema: ${theme}`]
  const price = snapshotCents(order)
  const paidAt = order.paid_at ? new Date(order.paid_at) : new Date()
  return {
    supplyDate: paidAt,
    locale: INVOICE_LOCALE,
    trader: {
      name: settings.trader_name,
      address: settings.address,
      email: settings.email,
      phone: settings.phone,
      vatId: settings.vat_id,
      taxNumber: settings.tax_number,
    },
    customer: { name: order.billing_name?.trim() || customer?.username || customer?.email || `Kunde ${customerId}`, address: order.billing_address },
    lines: [
      { description: `Wunschsong „${packageLabel(order)}“`, details, grossCents: price.packageCents },
      ...(order.spotify_option ? [{ description: 'Streaming-Veröffentlichung', details: [], grossCents: price.surchargeCents }] : []),
    ],
    amounts: { grossCents: price.totalCents, vatCents: price.vatCents },
    vat: price.vatRate > 0 ? { mode: 'standard', ratePercent: price.vatRate } : { mode: 'small_business' },
    payment: { method: PAYMENT_METHOD_TABLE[order.payment_method].onInvoice, paidAt },
  }
}

/** Stores one invoice with its PDF, numbered in `req`'s transaction. */
async function storeInvoice(payload: Payload, req: PayloadRequest, order: Order, data: InvoiceData, cancels: number | null): Promise<Invoice> {
  const totals = invoiceTotals(data)
  const pdf = await renderInvoicePdf(data)
  return payload.create({
    collection: 'invoices',
    data: {
      number: data.number,
      kind: data.kind,
      order: order.id,
      customer: idOf(order.customer)!,
      cancels,
      issued_at: data.issueDate.toISOString(),
      supplied_at: data.supplyDate.toISOString(),
      total: toEuros(totals.grossCents),
      vat_amount: toEuros(totals.vatCents),
      vat_rate: data.vat.mode === 'standard' ? data.vat.ratePercent : 0,
      pdf: pdf.toString('base64'),
    },
    depth: 0,
    req,
  })
}

/** The order's invoice (or cancellation invoice) if one was issued already. */
export async function existingInvoice(payload: Payload, req: PayloadRequest, orderId: number, kind: Invoice['kind']): Promise<Invoice | null> {
  const { docs } = await payload.find({
    collection: 'invoices',
    where: { and: [{ order: { equals: orderId } }, { kind: { equals: kind } }] },
    limit: 1,
    depth: 0,
    req,
  })
  return docs[0] ?? null
}

/** The invoice of a paid order: called in the transaction that marks the order paid. */
export async function issueInvoice(payload: Payload, req: PayloadRequest, order: Order): Promise<Invoice> {
  const issueDate = new Date()
  // The year's counter row stays locked from here to the commit: every other payment waits for it.
  const content = await invoiceContent(payload, req, order)
  const number = await takeInvoiceNumber(payload, req, issueDate)
  return storeInvoice(payload, req, order, { ...content, kind: 'invoice', number, issueDate }, null)
}

/** The cancellation invoice of a refunded order, referring to its invoice, with a number of its own. */
export async function issueCancellationInvoice(payload: Payload, req: PayloadRequest, order: Order, original: Invoice): Promise<Invoice> {
  const issueDate = new Date()
  const content = await invoiceContent(payload, req, order)
  const number = await takeInvoiceNumber(payload, req, issueDate)
  const cancels = { number: original.number, issueDate: new Date(original.issued_at) }
  return storeInvoice(payload, req, order, { ...content, kind: 'cancellation', number, issueDate, cancels, payment: undefined }, original.id)
}
