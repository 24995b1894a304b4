import PDFDocument from 'pdfkit'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import { toEuros } from '@/rules/pricing'

/** Everything printed on one invoice (§ 14 UStG), or on the cancellation invoice of one. */
export type InvoiceData = {
  kind: 'invoice' | 'cancellation'
  number: string
  issueDate: Date
  /** Date of supply (Leistungsdatum): the day the order was paid and the work began. */
  supplyDate: Date
  /** For a cancellation: the invoice it cancels. */
  cancels?: { number: string; issueDate: Date }
  locale: Locale
  trader: { name: string; address: string; email: string; phone?: string | null; taxNumber?: string | null; vatId?: string | null }
  customer: { name: string; address?: string | null }
  lines: { description: string; details: string[]; grossCents: number }[]
  /** The order's stored total and the VAT it contains (its price snapshot), as fixed when it was placed. */
  amounts: { grossCents: number; vatCents: number }
  /**
   * The VAT: one rate (a commission), or, when a purchase's lines were charged at different rates
   * (a tip for a commission beside music sold at the buyer country's rate), the VAT per rate;
   * `ratePercent` is then the highest of them. A small business charges none.
   */
  vat: { mode: 'standard'; ratePercent: number; byRate?: { ratePercent: number; vatCents: number }[] } | { mode: 'small_business' }
  payment?: { method: string; paidAt: Date }
}

export type InvoiceTotals = { netCents: number; vatCents: number; grossCents: number }

/** The printed totals: the order's stored gross total and VAT (never computed again), the net between them; negative on a cancellation. */
export function invoiceTotals({ amounts, kind }: Pick<InvoiceData, 'amounts' | 'kind'>): InvoiceTotals {
  const sign = kind === 'cancellation' ? -1 : 1
  const { grossCents, vatCents } = amounts
  return { netCents: sign * (grossCents - vatCents), vatCents: sign * vatCents, grossCents: sign * grossCents }
}

const TEXTS = {
  de: {
    invoice: 'Rechnung',
    cancellation: 'Stornorechnung',
    number: 'Rechnungsnummer',
    issueDate: 'Rechnungsdatum',
    supplyDate: 'Leistungsdatum',
    cancels: (number: string, date: string) => `Storno zur Rechnung ${number} vom ${date}`,
    billTo: 'Rechnung an',
    position: 'Pos.',
    description: 'Beschreibung',
    amount: 'Betrag',
    net: 'Nettobetrag',
    vat: (rate: number) => `Umsatzsteuer ${rate} %`,
    total: 'Gesamtbetrag',
    smallBusiness: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    paid: (method: string, date: string) => `Bezahlt am ${date} per ${method}. Vielen Dank!`,
    refunded: 'Der Betrag wird auf dem ursprünglichen Zahlungsweg erstattet.',
    taxNumber: 'Steuernummer',
    vatId: 'USt-IdNr.',
    phone: 'Tel.',
  },
  en: {
    invoice: 'Invoice',
    cancellation: 'Cancellation invoice',
    number: 'Invoice number',
    issueDate: 'Invoice date',
    supplyDate: 'Date of supply',
    cancels: (number: string, date: string) => `Cancels invoice ${number} of ${date}`,
    billTo: 'Bill to',
    position: 'No.',
    description: 'Description',
    amount: 'Amount',
    net: 'Net amount',
    vat: (rate: number) => `VAT ${rate} %`,
    total: 'Total',
    smallBusiness: 'No VAT is charged under § 19 UStG (German small business scheme).',
    paid: (method: string, date: string) => `Paid on ${date} by ${method}. Thank you!`,
    refunded: 'The amount is refunded through the original means of payment.',
    taxNumber: 'Tax number',
    vatId: 'VAT ID',
    phone: 'Phone',
  },
} as const

const COLOR = { text: '#1f2933', muted: '#66717d', rule: '#d5dae0', accent: '#3f6f73' } as const
const PAGE = { margin: 56, width: 595.28 } as const
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin

const shortDate = (date: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(date)

/** The invoice as a calm one-page A4 PDF in the standard Helvetica fonts (which cover €, § and umlauts). */
export function renderInvoicePdf(invoice: InvoiceData): Promise<Buffer> {
  const t = TEXTS[invoice.locale]
  const money = (cents: number) => formatPrice(toEuros(cents), invoice.locale)
  const date = (value: Date) => shortDate(value, invoice.locale)
  const title = invoice.kind === 'cancellation' ? t.cancellation : t.invoice
  const sign = invoice.kind === 'cancellation' ? -1 : 1
  const totals = invoiceTotals(invoice)

  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `${title} ${invoice.number}`, Author: invoice.trader.name, Subject: `${title} ${invoice.number}`, CreationDate: invoice.issueDate },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  // Letterhead: the trader on the left, the document's facts on the right.
  const top = PAGE.margin
  doc.fillColor(COLOR.accent).font('Helvetica-Bold').fontSize(15).text(invoice.trader.name, PAGE.margin, top, { width: 280 })
  doc.moveDown(0.3).fillColor(COLOR.muted).font('Helvetica').fontSize(9)
  doc.text([invoice.trader.address, invoice.trader.email, invoice.trader.phone ? `${t.phone} ${invoice.trader.phone}` : ''].filter(Boolean).join('\n'), {
    width: 280,
    lineGap: 1.5,
  })
  const letterheadBottom = doc.y

  const factsX = PAGE.margin + 300
  const facts: [string, string][] = [
    [t.number, invoice.number],
    [t.issueDate, date(invoice.issueDate)],
    [t.supplyDate, date(invoice.supplyDate)],
  ]
  doc
    .fillColor(COLOR.text)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(title, factsX - 60, top, { width: CONTENT_WIDTH - 240, align: 'right' })
  doc.moveDown(0.4).fontSize(9)
  for (const [label, value] of facts) {
    const y = doc.y
    doc.font('Helvetica').fillColor(COLOR.muted).text(label, factsX, y, { width: 110 })
    doc
      .font('Helvetica-Bold')
      .fillColor(COLOR.text)
      .text(value, factsX + 110, y, { width: CONTENT_WIDTH - 410, align: 'right' })
    doc.moveDown(0.25)
  }

  // The customer.
  doc.y = Math.max(letterheadBottom, doc.y) + 36
  doc.x = PAGE.margin
  doc.fillColor(COLOR.muted).font('Helvetica').fontSize(8).text(t.billTo.toUpperCase(), { characterSpacing: 0.8 })
  doc.moveDown(0.3).fillColor(COLOR.text).fontSize(11).font('Helvetica-Bold').text(invoice.customer.name)
  if (invoice.customer.address) doc.font('Helvetica').fontSize(10).text(invoice.customer.address, { lineGap: 1.5 })
  if (invoice.cancels) {
    doc
      .moveDown(0.8)
      .font('Helvetica')
      .fontSize(10)
      .fillColor(COLOR.text)
      .text(t.cancels(invoice.cancels.number, date(invoice.cancels.issueDate)))
  }

  // The items.
  const columns = { position: PAGE.margin, description: PAGE.margin + 36, amount: PAGE.margin + CONTENT_WIDTH - 110 }
  doc.moveDown(2)
  const rule = (y: number, color: string = COLOR.rule) =>
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y)
      .lineWidth(0.7)
      .strokeColor(color)
      .stroke()
  let y = doc.y
  doc.fillColor(COLOR.muted).font('Helvetica').fontSize(8)
  doc.text(t.position.toUpperCase(), columns.position, y)
  doc.text(t.description.toUpperCase(), columns.description, y)
  doc.text(t.amount.toUpperCase(), columns.amount, y, { width: 110, align: 'right' })
  y = doc.y + 6
  rule(y)
  invoice.lines.forEach((line, index) => {
    y += 10
    doc
      .fillColor(COLOR.text)
      .font('Helvetica')
      .fontSize(10)
      .text(String(index + 1), columns.position, y)
    doc.font('Helvetica-Bold').text(line.description, columns.description, y, { width: columns.amount - columns.description - 16 })
    doc.font('Helvetica').text(money(sign * line.grossCents), columns.amount, y, { width: 110, align: 'right' })
    doc.y = Math.max(doc.y, y + 14)
    doc.fillColor(COLOR.muted).fontSize(9)
    for (const detail of line.details) doc.text(detail, columns.description, doc.y + 2, { width: columns.amount - columns.description - 16 })
    y = doc.y + 10
    rule(y)
  })

  // Totals, right-aligned under the amounts.
  const labelX = PAGE.margin + CONTENT_WIDTH - 260
  const totalRow = (label: string, cents: number, bold = false) => {
    const rowY = doc.y
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : 10)
      .fillColor(COLOR.text)
    doc.text(label, labelX, rowY, { width: 150 })
    doc.text(money(cents), columns.amount, rowY, { width: 110, align: 'right' })
    doc.moveDown(0.45)
  }
  doc.y = y + 12
  if (invoice.vat.mode === 'standard') {
    totalRow(t.net, totals.netCents)
    const byRate = invoice.vat.byRate && invoice.vat.byRate.length > 1 ? invoice.vat.byRate : null
    if (byRate) for (const rate of byRate) totalRow(t.vat(rate.ratePercent), sign * rate.vatCents)
    else totalRow(t.vat(invoice.vat.ratePercent), totals.vatCents)
  }
  const grossY = doc.y + 2
  doc
    .moveTo(labelX, grossY)
    .lineTo(PAGE.margin + CONTENT_WIDTH, grossY)
    .lineWidth(0.7)
    .strokeColor(COLOR.text)
    .stroke()
  doc.y = grossY + 6
  totalRow(t.total, totals.grossCents, true)

  doc.x = PAGE.margin
  doc.moveDown(1.5).font('Helvetica').fontSize(10).fillColor(COLOR.text)
  if (invoice.vat.mode === 'small_business') doc.text(t.smallBusiness, PAGE.margin, doc.y, { width: CONTENT_WIDTH }).moveDown(0.5)
  if (invoice.kind === 'cancellation') doc.text(t.refunded, PAGE.margin, doc.y, { width: CONTENT_WIDTH })
  else if (invoice.payment) doc.text(t.paid(invoice.payment.method, date(invoice.payment.paidAt)), PAGE.margin, doc.y, { width: CONTENT_WIDTH })

  // Footer: who issued it and their tax identification, on every invoice (§ 14 (4) UStG).
  const footer = [
    invoice.trader.name,
    invoice.trader.address.replace(/\s*\n\s*/g, ', '),
    invoice.trader.vatId ? `${t.vatId} ${invoice.trader.vatId}` : '',
    invoice.trader.taxNumber ? `${t.taxNumber} ${invoice.trader.taxNumber}` : '',
    invoice.trader.email,
  ]
    .filter(Boolean)
    .join('  ·  ')
  const footerY = doc.page.height - PAGE.margin - 20
  // The footer sits in the bottom margin; without this pdfkit would start a second page for it.
  doc.page.margins.bottom = 0
  doc
    .moveTo(PAGE.margin, footerY - 8)
    .lineTo(PAGE.margin + CONTENT_WIDTH, footerY - 8)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke()
  doc.fillColor(COLOR.muted).fontSize(7.5).text(footer, PAGE.margin, footerY, { width: CONTENT_WIDTH, align: 'center', lineBreak: true, height: 24 })

  doc.end()
  return finished
}
