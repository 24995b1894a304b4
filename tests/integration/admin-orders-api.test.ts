import { ORDER_LIMITS } from '../../src/rules/limits'
import { silentWav } from '../support/audio'
import { BASE_URL, getJson } from '../support/http'
import { mailsMatching, waitForMail } from '../support/mail'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'

/**
 * The seller's order calls behind the admin's order view, against the running shop and its real
 * database: the status buttons (POST /api/cms/orders/{id}/status), the one-step delivery (POST
 * /api/cms/orders/{id}/deliver) and the due date that payment gives an order.
 */

type Caller = { token: string } | null
const auth = (caller: Caller): Record<string, string> => (caller ? bearer(caller) : {})
const DAY_MS = 24 * 60 * 60 * 1000

const placeOrder = async (customer: TestCustomer, packageSlug = 'soundtouch') => {
  const { status, body } = await getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify({ package: packageSlug, theme: 'inner-peace', ...CONSENTS }),
  })
  expect(status).toBe(201)
  return body.id as number
}

const postJson = (caller: Caller, path: string, body: unknown) =>
  getJson(path, {
    method: 'POST',
    headers: { ...auth(caller), 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const changeStatus = (caller: Caller, id: number | string, body: unknown) => postJson(caller, `/api/cms/orders/${id}/status`, body)
const deliver = (caller: Caller, id: number | string, body: unknown) => postJson(caller, `/api/cms/orders/${id}/deliver`, body)

const storedOrder = async (id: number) => (await testPayload()).findByID({ collection: 'orders', id, depth: 0 })

async function uploadDelivery(seller: Caller, name = 'lieferung.wav') {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(silentWav(1))], { type: 'audio/wav' }), name)
  form.append('_payload', JSON.stringify({ title: name, purpose: 'delivery' }))
  const { status, body } = await getJson('/api/cms/audio', { method: 'POST', headers: auth(seller), body: form })
  expect(status).toBe(201)
  return body.doc as { id: number; url: string }
}

describe("the seller's order calls", () => {
  let seller: { token: string }
  let customer: TestCustomer
  beforeAll(async () => {
    ;[seller, customer] = await Promise.all([loginSeller(), createCustomer('admin-orders')])
  })
  afterAll(closeTestPayload)

  describe('POST /api/cms/orders/{id}/status', () => {
    it('takes an allowed step, records it in the history and gives a paid order its due date from the package', async () => {
      const id = await placeOrder(customer)
      const paid = await changeStatus(seller, id, { status: 'paid' })
      expect(paid.status).toBe(200)
      expect(paid.body).toMatchObject({ id, status: 'paid' })
      const stored = await storedOrder(id)
      expect(stored.status_history).toEqual([expect.objectContaining({ actor: 'seller', from: 'pending_payment', to: 'paid' })])
      // soundtouch: 7 days from payment (the demo packages' turnaround).
      const { docs } = await (await testPayload()).find({ collection: 'packages', where: { slug: { equals: 'soundtouch' } }, depth: 0 })
      expect(Date.parse(stored.due_at!) - Date.parse(stored.paid_at!)).toBe(docs[0]!.turnaround_days * DAY_MS)

      expect((await changeStatus(seller, id, { status: 'in_progress' })).status).toBe(200)
      const history = (await storedOrder(id)).status_history ?? []
      expect(history.map((row) => `${row.from}→${row.to}`)).toEqual(['pending_payment→paid', 'paid→in_progress'])
    })

    it('refuses a step the life cycle does not allow the seller with 409 and a detail, and changes nothing', async () => {
      const id = await placeOrder(customer)
      for (const status of ['delivered', 'completed', 'revision_requested', 'in_progress']) {
        const refused = await changeStatus(seller, id, { status })
        expect(refused.status).toBe(409)
        expect(refused.body.detail).toMatch(/Zahlung ausstehend|Awaiting payment/)
      }
      const stored = await storedOrder(id)
      expect(stored).toMatchObject({ status: 'pending_payment', due_at: null })
      expect(stored.status_history ?? []).toEqual([])
    })

    it('answers bad input with 400 and a detail, unknown orders with 404, never 5xx', async () => {
      const id = await placeOrder(customer)
      for (const body of [{ status: 'shipped' }, {}, { status: 7 }, [], 'null', '{"status":']) {
        const answer = await changeStatus(seller, id, body)
        expect(answer.status).toBe(400)
        expect(typeof answer.body.detail).toBe('string')
      }
      const notJson = await getJson(`/api/cms/orders/${id}/status`, {
        method: 'POST',
        headers: { ...auth(seller), 'Content-Type': 'text/plain' },
        body: 'paid',
      })
      expect(notJson.status).toBe(400)
      for (const unknown of ['999999999', 'abc', '0']) {
        const answer = await changeStatus(seller, unknown, { status: 'paid' })
        expect(answer.status).toBe(404)
        expect(answer.body.detail).toBeTruthy()
      }
      expect((await storedOrder(id)).status).toBe('pending_payment')
    })

    it('is the seller’s alone: the customer gets 403, a visitor 401, and the order stays as it was', async () => {
      const id = await placeOrder(customer)
      const byCustomer = await changeStatus(customer, id, { status: 'paid' })
      expect(byCustomer.status).toBe(403)
      expect(byCustomer.body.detail).toBeTruthy()
      expect((await changeStatus(null, id, { status: 'paid' })).status).toBe(401)
      expect(await storedOrder(id)).toMatchObject({ status: 'pending_payment', paid_at: null })
    })
  })

  describe('POST /api/cms/orders/{id}/deliver', () => {
    it('delivers in one step: the order becomes delivered, the file the customer’s, the "song delivered" mail goes out', async () => {
      const id = await placeOrder(customer)
      expect((await changeStatus(seller, id, { status: 'paid' })).status).toBe(200)
      const started = new Date()
      const file = await uploadDelivery(seller)
      const delivered = await deliver(seller, id, { files: [file.id], description: 'Dein Song' })
      expect(delivered.status).toBe(201)
      expect(delivered.body).toMatchObject({ id, status: 'delivered', uploads: [{ audio: file.id, description: 'Dein Song' }] })

      const mine = await getJson('/api/orders/my/', { headers: bearer(customer) })
      const listed = (mine.body as { id: number; status: string; uploads: { description: string; file: string }[] }[]).find((order) => order.id === id)!
      expect(listed).toMatchObject({ status: 'delivered', uploads: [{ description: 'Dein Song' }] })
      const heard = await fetch(BASE_URL + listed.uploads[0]!.file, { headers: bearer(customer) })
      expect(heard.status).toBe(200)
      expect(heard.headers.get('content-type')).toMatch(/^audio\//)
      await waitForMail({ to: customer.email, subject: new RegExp(`Bestellung Nr. ${id}`), after: started })

      // The same file cannot go to a second order, nor be delivered twice.
      const other = await placeOrder(customer)
      expect((await changeStatus(seller, other, { status: 'paid' })).status).toBe(200)
      const reused = await deliver(seller, other, { files: [file.id] })
      expect(reused.status).toBe(400)
      expect(reused.body.detail).toBeTruthy()
      expect((await storedOrder(other)).status).toBe('paid')
    })

    it('brings a revision back as a new version beside the first, and mails the customer again', async () => {
      const id = await placeOrder(customer)
      expect((await changeStatus(seller, id, { status: 'paid' })).status).toBe(200)
      expect((await deliver(seller, id, { files: [(await uploadDelivery(seller, 'fassung-1.wav')).id], description: 'Fassung 1' })).status).toBe(201)
      // The customer asks for a revision (their call is engineer B's; here as the customer's step).
      await (await testPayload()).update({ collection: 'orders', id, data: { status: 'revision_requested' }, context: { statusActor: 'customer' } })
      const started = new Date()
      const again = await deliver(seller, id, { files: [(await uploadDelivery(seller, 'fassung-2.wav')).id], description: 'Fassung 2' })
      expect(again.status).toBe(201)
      expect(again.body.status).toBe('delivered')
      expect(again.body.uploads.map((row: { description: string }) => row.description)).toEqual(['Fassung 1', 'Fassung 2'])
      await waitForMail({ to: customer.email, subject: new RegExp(`Bestellung Nr. ${id}`), after: started })
      const history = (await storedOrder(id)).status_history ?? []
      expect(history.map((row) => row.to)).toEqual(['paid', 'delivered', 'revision_requested', 'delivered'])
    })

    it('refuses a delivery before payment, bad bodies, catalog tracks and callers other than the seller', async () => {
      const id = await placeOrder(customer)
      const file = await uploadDelivery(seller)
      const unpaid = await deliver(seller, id, { files: [file.id] })
      expect(unpaid.status).toBe(409)
      expect(unpaid.body.detail).toBeTruthy()

      expect((await changeStatus(seller, id, { status: 'paid' })).status).toBe(200)
      for (const body of [
        {},
        { files: [] },
        { files: ['1'] },
        { files: [file.id, file.id] },
        { files: [file.id], description: 5 },
        { files: [file.id], description: 'x'.repeat(ORDER_LIMITS.uploadDescription + 1) },
        'nope',
      ]) {
        const answer = await deliver(seller, id, body)
        expect(answer.status).toBe(400)
        expect(typeof answer.body.detail).toBe('string')
      }
      const { docs: tracks } = await (await testPayload()).find({ collection: 'audio', where: { purpose: { equals: 'track' } }, limit: 1, depth: 0 })
      expect((await deliver(seller, id, { files: [tracks[0]!.id] })).status).toBe(400)

      expect((await deliver(customer, id, { files: [file.id] })).status).toBe(403)
      expect((await deliver(null, id, { files: [file.id] })).status).toBe(401)
      expect(await storedOrder(id)).toMatchObject({ status: 'paid', uploads: [] })
      expect(mailsMatching({ to: customer.email, subject: new RegExp(`Dein Song ist fertig – Bestellung Nr. ${id}$`) })).toEqual([])
    })
  })

  describe('due date', () => {
    it('follows a changed payment date and is cleared once the order is finished', async () => {
      const payload = await testPayload()
      const id = await placeOrder(customer, 'deepflow')
      expect((await changeStatus(seller, id, { status: 'paid' })).status).toBe(200)
      const paidAt = new Date(Date.now() - 30 * DAY_MS).toISOString()
      await payload.update({ collection: 'orders', id, data: { paid_at: paidAt } })
      const { docs } = await payload.find({ collection: 'packages', where: { slug: { equals: 'deepflow' } }, depth: 0 })
      expect(Date.parse((await storedOrder(id)).due_at!)).toBe(Date.parse(paidAt) + docs[0]!.turnaround_days * DAY_MS)

      expect((await changeStatus(seller, id, { status: 'refunded' })).status).toBe(200)
      expect((await storedOrder(id)).due_at).toBeNull()
    })
  })
})
