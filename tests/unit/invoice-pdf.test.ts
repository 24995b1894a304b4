import { extractText, getDocumentProxy } from 'unpdf'
import { type InvoiceData, invoiceTotals, renderInvoicePdf } from '@/invoices/invoice-pdf'

const invoice: InvoiceData = {
  kind: 'invoice',
  number: '2026-0007',
  issueDate: new Date('2026-11-20T10:00:00Z'),
  supplyDate: new Date('2026-11-19T10:00:00Z'),
  locale: 'de',
  trader: {
    name: 'Lina Sommer – Klangwerkstatt',
    address: 'Lindenhofgasse 7\n79098 Freiburg im Breisgau',
    email: 'kontakt@lina-sommer.example',
    vatId: 'DE314159265',
    taxNumber: '06/123/45678',
  },
  customer: { name: 'Erika Musterfrau', address: 'Hauptstraße 1\n10115 Berlin' },
  lines: [{ description: 'Wunschsong „DeepFlow“', details: ['Einsatzbereich: Meditation', 'Fokusthema: Innere Ruhe'], grossCents: 15395 }],
  amounts: { grossCents: 15395, vatCents: 2458 },
  vat: { mode: 'standard', ratePercent: 19 },
  payment: { method: 'PayPal', paidAt: new Date('2026-11-19T10:00:00Z') },
}

/** The text of a PDF as a reader extracts it, with runs of white space made single spaces. */
async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const document = await getDocumentProxy(new Uint8Array(pdf))
  const { text, totalPages } = await extractText(document, { mergePages: true })
  return { text: text.replace(/\s+/g, ' '), pages: totalPages }
}

describe('invoice PDF', () => {
  it("prints the order's stored total and VAT, and the net between them", () => {
    expect(invoiceTotals(invoice)).toEqual({ netCents: 12937, vatCents: 2458, grossCents: 15395 })
    expect(invoiceTotals({ ...invoice, amounts: { grossCents: 15395, vatCents: 0 } })).toEqual({ netCents: 15395, vatCents: 0, grossCents: 15395 })
    expect(invoiceTotals({ ...invoice, kind: 'cancellation' })).toEqual({ netCents: -12937, vatCents: -2458, grossCents: -15395 })
  })

  it('reads the VAT from the snapshot rather than computing it again', () => {
    // An order snapshotted under other arithmetic keeps its amounts on the invoice: 2460, not 2458.
    expect(invoiceTotals({ ...invoice, amounts: { grossCents: 15395, vatCents: 2460 } })).toEqual({ netCents: 12935, vatCents: 2460, grossCents: 15395 })
  })

  it('is one page naming the number, dates, trader, customer, item, net, VAT and total', async () => {
    const { text, pages } = await pdfText(await renderInvoicePdf(invoice))
    expect(pages).toBe(1)
    for (const expected of [
      'Rechnung',
      '2026-0007',
      '20.11.2026',
      '19.11.2026',
      'Lina Sommer – Klangwerkstatt',
      '79098 Freiburg im Breisgau',
      'USt-IdNr. DE314159265',
      'Steuernummer 06/123/45678',
      'Erika Musterfrau',
      'Hauptstraße 1',
      'Wunschsong „DeepFlow“',
      'Fokusthema: Innere Ruhe',
      'Nettobetrag 129,37 €',
      'Umsatzsteuer 19 % 24,58 €',
      'Gesamtbetrag 153,95 €',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('states the § 19 UStG note and no VAT line for a small business', async () => {
    const { text } = await pdfText(await renderInvoicePdf({ ...invoice, amounts: { grossCents: 15395, vatCents: 0 }, vat: { mode: 'small_business' } }))
    expect(text).toContain('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.')
    expect(text).not.toContain('Umsatzsteuer 19 %')
    expect(text).toContain('Gesamtbetrag 153,95 €')
  })

  it('prints a cancellation with negative amounts that refers to the original invoice, in English too', async () => {
    const { text } = await pdfText(
      await renderInvoicePdf({
        ...invoice,
        kind: 'cancellation',
        number: '2026-0009',
        locale: 'en',
        cancels: { number: '2026-0007', issueDate: invoice.issueDate },
      }),
    )
    expect(text).toContain('Cancellation invoice')
    expect(text).toContain('Cancels invoice 2026-0007 of 20 Nov 2026')
    expect(text).toContain('Total -€153.95')
  })
  it("prints a purchase's VAT per rate when its lines were charged at different rates (issue 33), negative on its cancellation", async () => {
    const purchase: InvoiceData = {
      ...invoice,
      lines: [
        { description: '„Morgentau“', details: ['Album (Download)', 'Umsatzsteuer 20 %'], grossCents: 1200 },
        { description: 'Trinkgeld zur Bestellung 12', details: ['Trinkgeld', 'Umsatzsteuer 19 %'], grossCents: 500 },
      ],
      amounts: { grossCents: 1700, vatCents: 200 + 80 },
      vat: {
        mode: 'standard',
        ratePercent: 20,
        byRate: [
          { ratePercent: 20, vatCents: 200 },
          { ratePercent: 19, vatCents: 80 },
        ],
      },
    }
    const { text } = await pdfText(await renderInvoicePdf(purchase))
    for (const expected of ['Nettobetrag 14,20 €', 'Umsatzsteuer 20 % 2,00 €', 'Umsatzsteuer 19 % 0,80 €', 'Gesamtbetrag 17,00 €'])
      expect(text).toContain(expected)
    const cancellation = (
      await pdfText(await renderInvoicePdf({ ...purchase, kind: 'cancellation', cancels: { number: '2026-0007', issueDate: invoice.issueDate } }))
    ).text
    expect(cancellation).toContain('Umsatzsteuer 20 % -2,00 €')
    expect(cancellation).toContain('Gesamtbetrag -17,00 €')
  })
})
