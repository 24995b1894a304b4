import type { Payload, PayloadRequest } from 'payload'
import type { FocusTheme, Invoice, Order, Purchase, UseType, User } from '../../payload-types'
import { packageLabel, PAYMENT_METHOD_TABLE, themeLabel } from '@/rules/choices'
import { snapshotCents, toCents, toEuros } from '@/rules/pricing'
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

type InvoiceContent = Omit<InvoiceData, 'kind' | 'number' | 'issueDate'>

/** The trader from the settings and the customer (the billing name given, else the account's name): the parties of every invoice. */
async function invoiceParties(payload: Payload, req: PayloadRequest, sale: Pick<Order, 'customer' | 'billing_name' | 'billing_address'>) {
  const customerId = idOf(sale.customer)
  const [settings, customer] = await Promise.all([
    payload.findGlobal({ slug: 'settings', depth: 0, req }),
    customerId === null ? null : (payload.findByID({ collection: 'users', id: customerId, depth: 0, req }) as Promise<User>),
  ])
  return {
    trader: {
      name: settings.trader_name,
      address: settings.address,
      email: settings.email,
      phone: settings.phone,
      vatId: settings.vat_id,
      taxNumber: settings.tax_number,
    },
    customer: { name: sale.billing_name?.trim() || customer?.username || customer?.email || `Kunde ${customerId}`, address: sale.billing_address },
  }
}

/** What an invoice for this order says: the trader from the settings, the customer, the items as ordered. */
async function invoiceContent(payload: Payload, req: PayloadRequest, order: Order): Promise<InvoiceContent> {
  const theme = themeLabel({ theme: order.theme, customTheme: order.custom_theme }, { [order.theme]: await labelOf(payload, req, 'focus-themes', order.theme) })
  const details = [...(order.use_type ? [`Einsatzbereich: ${await labelOf(payload, req, 'use-types', order.use_type)}`] : []), `Thema: ${theme}`]
  const price = snapshotCents(order)
  const paidAt = order.paid_at ? new Date(order.paid_at) : new Date()
  return {
    supplyDate: paidAt,
    locale: INVOICE_LOCALE,
    ...(await invoiceParties(payload, req, order)),
    lines: [
      { description: `Wunschsong „${packageLabel(order)}“`, details, grossCents: price.packageCents },
      ...(order.spotify_option ? [{ description: 'Streaming-Veröffentlichung', details: [], grossCents: price.surchargeCents }] : []),
    ],
    amounts: { grossCents: price.totalCents, vatCents: price.vatCents },
    vat: price.vatRate > 0 ? { mode: 'standard', ratePercent: price.vatRate } : { mode: 'small_business' },
    payment: { method: PAYMENT_METHOD_TABLE[order.payment_method].onInvoice, paidAt },
  }
}

/** What an invoice is for: an order or a purchase, exactly one of them. */
export type InvoicedSale = { order: Order } | { purchase: Purchase }

const saleOf = (sale: InvoicedSale): Order | Purchase => ('order' in sale ? sale.order : sale.purchase)

/** Stores one invoice with its PDF, numbered in `req`'s transaction. */
async function storeInvoice(payload: Payload, req: PayloadRequest, sale: InvoicedSale, data: InvoiceData, cancels: number | null): Promise<Invoice> {
  const totals = invoiceTotals(data)
  const pdf = await renderInvoicePdf(data)
  return payload.create({
    collection: 'invoices',
    data: {
      number: data.number,
      kind: data.kind,
      ...('order' in sale ? { order: sale.order.id } : { purchase: sale.purchase.id }),
      customer: idOf(saleOf(sale).customer)!,
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

/** The order's (or, given `{ purchase: id }`, the purchase's) invoice or cancellation invoice if one was issued already. */
export async function existingInvoice(
  payload: Payload,
  req: PayloadRequest,
  sale: number | { purchase: number },
  kind: Invoice['kind'],
): Promise<Invoice | null> {
  const { docs } = await payload.find({
    collection: 'invoices',
    where: { and: [typeof sale === 'number' ? { order: { equals: sale } } : { purchase: { equals: sale.purchase } }, { kind: { equals: kind } }] },
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
  return storeInvoice(payload, req, { order }, { ...content, kind: 'invoice', number, issueDate }, null)
}

/** The cancellation invoice of a refunded order, referring to its invoice, with a number of its own. */
export async function issueCancellationInvoice(payload: Payload, req: PayloadRequest, order: Order, original: Invoice): Promise<Invoice> {
  const content = await invoiceContent(payload, req, order)
  return storeCancellation(payload, req, { order }, content, original)
}

/** A cancellation invoice referring to `original`, with a number of its own. */
async function storeCancellation(payload: Payload, req: PayloadRequest, sale: InvoicedSale, content: InvoiceContent, original: Invoice): Promise<Invoice> {
  const issueDate = new Date()
  const number = await takeInvoiceNumber(payload, req, issueDate)
  const cancels = { number: original.number, issueDate: new Date(original.issued_at) }
  return storeInvoice(payload, req, sale, { ...content, kind: 'cancellation', number, issueDate, cancels, payment: undefined }, original.id)
}

const LINE_DETAILS: Record<Purchase['lines'][number]['kind'], string> = { 'music-group': 'Album (Download)', track: 'Titel (Download)', tip: 'Trinkgeld' }

/**
 * What an invoice for a purchase says: one line per album, track or tip with the gross amount and
 * VAT fixed when it was placed; when the lines were charged at different rates, the VAT per rate
 * and each line's rate. The supply date is the payment's (the download is provided at once).
 */
async function purchaseInvoiceContent(payload: Payload, req: PayloadRequest, purchase: Purchase): Promise<InvoiceContent> {
  const paidAt = purchase.paid_at ? new Date(purchase.paid_at) : new Date()
  const rates = [...new Set(purchase.lines.map((line) => line.vat_rate))].sort((a, b) => b - a)
  const mixed = rates.length > 1
  const byRate = rates.map((ratePercent) => ({
    ratePercent,
    vatCents: purchase.lines.filter((line) => line.vat_rate === ratePercent).reduce((sum, line) => sum + toCents(line.vat_amount), 0),
  }))
  return {
    supplyDate: paidAt,
    locale: INVOICE_LOCALE,
    ...(await invoiceParties(payload, req, purchase)),
    lines: purchase.lines.map((line) => ({
      description: line.kind === 'tip' ? line.title : `„${line.title}“`,
      details: [LINE_DETAILS[line.kind], ...(mixed ? [`Umsatzsteuer ${line.vat_rate} %`] : [])],
      grossCents: toCents(line.amount),
    })),
    amounts: { grossCents: toCents(purchase.total), vatCents: toCents(purchase.vat_amount) },
    vat: rates[0]! > 0 ? { mode: 'standard', ratePercent: rates[0]!, byRate } : { mode: 'small_business' },
    payment: { method: PAYMENT_METHOD_TABLE[purchase.payment_method].onInvoice, paidAt },
  }
}

/** The invoice of a paid purchase (same gapless series): called in the transaction that marks it paid. */
export async function issuePurchaseInvoice(payload: Payload, req: PayloadRequest, purchase: Purchase): Promise<Invoice> {
  const issueDate = new Date()
  const content = await purchaseInvoiceContent(payload, req, purchase)
  const number = await takeInvoiceNumber(payload, req, issueDate)
  return storeInvoice(payload, req, { purchase }, { ...content, kind: 'invoice', number, issueDate }, null)
}

/** The cancellation invoice of a refunded purchase, referring to its invoice. */
export async function issuePurchaseCancellationInvoice(payload: Payload, req: PayloadRequest, purchase: Purchase, original: Invoice): Promise<Invoice> {
  return storeCancellation(payload, req, { purchase }, await purchaseInvoiceContent(payload, req, purchase), original)
}
