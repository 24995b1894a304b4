// @run-alone: it reads the shop-wide invoice numbering (a number given back must be the next one given out, 20 payments without a gap).
import { jest } from '@jest/globals'
import { createLocalReq, initTransaction, killTransaction, type Payload } from 'payload'
import { extractText, getDocumentProxy } from 'unpdf'
import type { Order } from '../../payload-types'
import { silentWav } from '../support/audio'
import { BASE_URL, getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'

/**
 * Invoices issued with the payment (collections/Orders/hooks/issueInvoicesOnPayment.ts), their gapless
 * numbers (src/invoices/invoice-number.ts), cancellation invoices, and the order life cycle's
 * guard (collections/Orders/hooks/guardStatusChange.ts), against the real database and server.
 */
// Twenty payments at once in this one process: those waiting for the year's invoice number also
// hold or wait for a pooled connection, and with the CI's lanes side by side that took longer than
// the shop's 5 s (its answer to such a wait is a 503, and Stripe sends the webhook again). Here
// every payment must go through: the numbering is under test, not the pool (read when Payload starts).
process.env.DATABASE_POOL_ACQUIRE_TIMEOUT_MS = '60000'
jest.setTimeout(90_000)

let payload: Payload
let alice: TestCustomer
let bob: TestCustomer
let seller: { token: string }

beforeAll(async () => {
  payload = await testPayload()
  ;[alice, bob, seller] = await Promise.all([createCustomer('rechnung'), createCustomer('fremd'), loginSeller()])
})
afterAll(closeTestPayload)

const placeOrder = (customer: TestCustomer, choices: Pick<Partial<Order>, 'spotify_option' | 'billing_name' | 'billing_address'> = {}) =>
  payload.create({
    collection: 'orders',
    data: {
      customer: customer.id,
      status: 'pending_payment',
      package: 'deepflow',
      use_type: 'meditation',
      theme: 'inner-peace',
      payment_method: 'prepayment',
      ...choices,
    },
  })

const markPaid = (id: number) => payload.update({ collection: 'orders', id, data: { status: 'paid' } })
const invoiceOf = async (order: Order) =>
  payload.findByID({ collection: 'invoices', id: typeof order.invoice === 'object' ? order.invoice!.id : order.invoice!, depth: 0 })
const numberParts = (number: string) => {
  const [year, sequence] = number.split('-')
  return { year: Number(year), sequence: Number(sequence) }
}

async function pdfText(url: string, customer: TestCustomer): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(BASE_URL + url, { headers: bearer(customer) })
  if (response.status !== 200) return { status: response.status, type: response.headers.get('content-type'), text: '' }
  const document = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()))
  const { text } = await extractText(document, { mergePages: true })
  return { status: 200, type: response.headers.get('content-type'), text: text.replace(/\s+/g, ' ') }
}

describe('invoices', () => {
  it('issues a numbered invoice when an order is paid, served as a PDF to its customer alone', async () => {
    const placed = await placeOrder(alice, { spotify_option: true, billing_name: 'Alice Beispiel', billing_address: 'Seeweg 3\n24937 Flensburg' })
    const paid = await markPaid(placed.id)
    expect(paid.invoice).toBeTruthy()
    expect(paid.paid_at).toBeTruthy()
    const invoice = await invoiceOf(paid)
    expect(invoice.number).toMatch(/^\d{4}-\d{4}$/)
    expect(invoice).toMatchObject({ kind: 'invoice', total: 153.95, vat_amount: 24.58, vat_rate: 19 })

    const listed = (await getJson('/api/orders/my/', { headers: bearer(alice) })).body.find((order: { id: number }) => order.id === placed.id)
    expect(listed.invoice_pdf).toBe(`/api/invoices/${invoice.id}.pdf`)
    const pdf = await pdfText(listed.invoice_pdf, alice)
    expect(pdf.status).toBe(200)
    expect(pdf.type).toBe('application/pdf')
    const settings = await payload.findGlobal({ slug: 'settings' })
    for (const expected of [
      invoice.number,
      settings.trader_name,
      settings.address.split('\n')[0]!,
      `USt-IdNr. ${settings.vat_id}`,
      'Alice Beispiel',
      'Seeweg 3',
      'Wunschsong „DeepFlow“',
      'Einsatzbereich: Meditation',
      'Thema: Innere Ruhe',
      'Streaming-Veröffentlichung 24,95 €',
      'Nettobetrag 129,37 €',
      'Umsatzsteuer 19 % 24,58 €',
      'Gesamtbetrag 153,95 €',
    ]) {
      expect(pdf.text).toContain(expected)
    }

    expect((await pdfText(listed.invoice_pdf, bob)).status).toBe(404)
    expect((await fetch(BASE_URL + listed.invoice_pdf)).status).toBe(401)
    // The stored bytes never travel through Payload's REST, not even to the seller.
    const viaRest = await getJson(`/api/cms/invoices/${invoice.id}`, { headers: { Authorization: `JWT ${seller.token}` } })
    expect(viaRest.status).toBe(200)
    expect(viaRest.body.pdf).toBeUndefined()
    expect((await getJson(`/api/cms/invoices/${invoice.id}`, { headers: bearer(bob) })).status).toBe(404)
  })

  it('names the customer by username when no billing name was given, and keeps the invoice when paid twice', async () => {
    const paid = await markPaid((await placeOrder(alice)).id)
    const { text } = await pdfText(`/api/invoices/${(await invoiceOf(paid)).id}.pdf`, alice)
    expect(text).toContain(alice.username)
    const { totalDocs } = await payload.count({ collection: 'invoices', where: { order: { equals: paid.id } } })
    expect(totalDocs).toBe(1)
  })

  it('numbers 20 concurrent payments without a gap or a duplicate', async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => placeOrder(bob)))
    const paid = await Promise.all(orders.map((order) => markPaid(order.id)))
    const numbers = await Promise.all(paid.map(async (order) => (await invoiceOf(order)).number))
    expect(new Set(numbers).size).toBe(20)
    const sequences = numbers.map((number) => numberParts(number).sequence).sort((a, b) => a - b)
    expect(sequences.at(-1)! - sequences[0]!).toBe(19)
    // Twenty payments queue one after another on the invoice counter's row lock, each with its invoice PDF and mail.
  }, 120_000)

  it('gives the number back when the payment is rolled back', async () => {
    const [first, second] = await Promise.all([placeOrder(alice), placeOrder(alice)])
    const req = await createLocalReq({}, payload)
    await initTransaction(req)
    const rolledBack = await payload.update({ collection: 'orders', id: first.id, data: { status: 'paid' }, depth: 0, req })
    const takenNumber = (await payload.findByID({ collection: 'invoices', id: rolledBack.invoice as number, req })).number
    await killTransaction(req)
    expect((await payload.findByID({ collection: 'orders', id: first.id, depth: 0 })).status).toBe('pending_payment')

    const next = await invoiceOf(await markPaid(second.id))
    expect(next.number).toBe(takenNumber)
  })

  it('answers a refund after invoicing with a cancellation invoice of its own number that refers to the original', async () => {
    const paid = await markPaid((await placeOrder(alice)).id)
    const original = await invoiceOf(paid)
    const refunded = await payload.update({ collection: 'orders', id: paid.id, data: { status: 'refunded' }, depth: 0 })
    const cancellation = await payload.findByID({ collection: 'invoices', id: refunded.cancellation_invoice as number, depth: 0 })
    expect(cancellation).toMatchObject({ kind: 'cancellation', total: -129, cancels: original.id })
    expect(numberParts(cancellation.number).sequence).toBeGreaterThan(numberParts(original.number).sequence)
    const { text } = await pdfText(`/api/invoices/${cancellation.id}.pdf`, alice)
    expect(text).toContain('Stornorechnung')
    expect(text).toContain(`Storno zur Rechnung ${original.number}`)
    expect(text).toContain('Gesamtbetrag -129,00 €')
  })
})

describe('order life cycle', () => {
  const sellerPatch = (id: number, data: Record<string, unknown>, language = 'de') =>
    getJson(`/api/cms/orders/${id}`, {
      method: 'PATCH',
      headers: { Authorization: `JWT ${seller.token}`, 'Content-Type': 'application/json', 'Accept-Language': language },
      body: JSON.stringify(data),
    })

  it('lets the seller move an order only along allowed steps, with a clear message otherwise', async () => {
    const placed = await placeOrder(alice)
    const skip = await sellerPatch(placed.id, { status: 'delivered' })
    expect(skip.status).toBe(400)
    expect(JSON.stringify(skip.body)).toContain('Der Status kann nicht von „Zahlung ausstehend“ zu „Geliefert“ wechseln.')
    expect((await payload.findByID({ collection: 'orders', id: placed.id })).status).toBe('pending_payment')

    expect((await sellerPatch(placed.id, { status: 'paid' })).status).toBe(200)
    expect((await sellerPatch(placed.id, { status: 'in_progress' })).status).toBe(200)
    const back = await sellerPatch(placed.id, { status: 'pending_payment' }, 'en')
    expect(back.status).toBe(400)
    expect(JSON.stringify(back.body)).toContain('The status cannot change from “In progress” to “Awaiting payment”.')
    // Completing is the customer's: the seller cannot do it for them.
    expect((await sellerPatch(placed.id, { status: 'delivered' })).status).toBe(200)
    expect((await sellerPatch(placed.id, { status: 'completed' })).status).toBe(400)
  })

  it('marks a paid order delivered when the seller adds the finished song to its files (one step), not before it is paid', async () => {
    const song = await payload.create({
      collection: 'audio',
      data: { title: 'Fertiger Song', purpose: 'delivery' },
      file: { data: silentWav(0.5), mimetype: 'audio/wav', name: 'fertiger-song.wav', size: silentWav(0.5).length },
      depth: 0,
    })
    const unpaid = await placeOrder(alice)
    expect((await sellerPatch(unpaid.id, { uploads: [{ audio: song.id, description: 'Zu früh' }] })).status).toBe(200)
    expect((await payload.findByID({ collection: 'orders', id: unpaid.id })).status).toBe('pending_payment')

    const placed = await placeOrder(alice)
    await sellerPatch(placed.id, { status: 'paid' })
    expect((await sellerPatch(placed.id, { uploads: [{ audio: song.id, description: 'Dein Song' }] })).status).toBe(200)
    const delivered = await payload.findByID({ collection: 'orders', id: placed.id })
    expect(delivered.status).toBe('delivered')
    expect(delivered.status_history?.at(-1)).toMatchObject({ actor: 'seller', from: 'paid', to: 'delivered' })
  })

  it('records every change with time, actor, old and new status, and nobody can rewrite the record', async () => {
    const placed = await placeOrder(alice)
    await sellerPatch(placed.id, { status: 'paid' })
    await sellerPatch(placed.id, { status: 'delivered' })
    expect((await getJson(`/api/orders/${placed.id}/confirm/`, { method: 'POST', headers: bearer(alice) })).status).toBe(200)
    await sellerPatch(placed.id, { status_history: [] })

    const { status, status_history: history } = await payload.findByID({ collection: 'orders', id: placed.id })
    expect(status).toBe('completed')
    expect(history?.map(({ actor, from, to }) => ({ actor, from, to }))).toEqual([
      { actor: 'seller', from: 'pending_payment', to: 'paid' },
      { actor: 'seller', from: 'paid', to: 'delivered' },
      { actor: 'customer', from: 'delivered', to: 'completed' },
    ])
    for (const entry of history ?? []) expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000)
  })
})
