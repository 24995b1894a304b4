import { silentWav } from '../support/audio'
import { deliverSong, paidOrder, storedOrder } from '../support/deliveries'
import { getJson } from '../support/http'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { deliverStripeEvent, paidSession } from '../support/stripe-events'
import { bearer, createCustomer, loginSeller } from '../support/users'

/**
 * Money writes that race, with real parallel requests against the running shop and its real
 * database: every change of an order takes the order's row lock before it reads the order, and an
 * invoice is unique per order and kind, so no interleaving issues a second invoice or undoes a
 * refund. Stripe's events are signed with the official SDK's test helper (Stripe cannot be reached
 * from here).
 */
let seller: { token: string }
beforeAll(async () => {
  seller = await loginSeller()
})
afterAll(closeTestPayload)

const PARALLEL = 20

const sellerSetsStatus = (orderId: number, status: string) =>
  getJson(`/api/cms/orders/${orderId}/status`, {
    method: 'POST',
    headers: { Authorization: `JWT ${seller.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ status }),
  })

const invoicesOf = async (orderId: number) =>
  (await (await testPayload()).find({ collection: 'invoices', where: { order: { equals: orderId } }, depth: 0, pagination: false })).docs

async function placeOrder(paymentMethod: string) {
  const customer = await createCustomer('gleichzeitig')
  const placed = await getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', payment_method: paymentMethod, ...CONSENTS }),
  })
  expect(placed.status).toBe(201)
  return { customer, orderId: placed.body.id as number, totalCents: Math.round(placed.body.total * 100) }
}

describe('concurrent money writes (real parallel requests, real PostgreSQL)', () => {
  it(`${PARALLEL} parallel "paid" steps by the seller give one payment and one invoice`, async () => {
    const { orderId } = await placeOrder('prepayment')
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => sellerSetsStatus(orderId, 'paid')))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(true)

    const order = await storedOrder(orderId)
    const invoices = await invoicesOf(orderId)
    expect(invoices).toHaveLength(1)
    expect(order.invoice).toBe(invoices[0].id)
    expect(order.status_history?.filter((step) => step.to === 'paid')).toHaveLength(1)
  })

  it(`${PARALLEL} different Stripe events paying one order at once (events signed with the official SDK test helper) apply once, with one invoice`, async () => {
    const { orderId, totalCents } = await placeOrder('credit_card')
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        deliverStripeEvent({
          ...paidSession(orderId, totalCents),
          type: index % 2 ? 'checkout.session.async_payment_succeeded' : 'checkout.session.completed',
        }),
      ),
    )
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(answers.filter((answer) => answer.body.outcome === 'paid')).toHaveLength(1)
    expect(await invoicesOf(orderId)).toHaveLength(1)
    const order = await storedOrder(orderId)
    expect(order.status).toBe('paid')
    // The same payment told again is no second payment: nothing to refund, no incident.
    expect(order.payment_incidents ?? []).toHaveLength(0)
  })

  it('two deliveries of the same Stripe event at once apply once (events signed with the official SDK test helper)', async () => {
    const { orderId, totalCents } = await placeOrder('paypal')
    const event = { ...paidSession(orderId, totalCents), id: `evt_twice_${orderId}` }
    const [first, second] = await Promise.all([deliverStripeEvent(event), deliverStripeEvent(event)])
    expect([first.status, second.status]).toEqual([200, 200])
    expect([first.body.outcome, second.body.outcome].sort()).toEqual(['duplicate', 'paid'])
    expect(await invoicesOf(orderId)).toHaveLength(1)
    const events = await (await testPayload()).find({ collection: 'payment-events', where: { event_id: { equals: event.id } }, depth: 0 })
    expect(events.totalDocs).toBe(1)
  })

  it(`a refund racing ${PARALLEL} calls of the customer ends refunded, with its one cancellation invoice attached`, async () => {
    const customer = await createCustomer('erstattung')
    const orderId = await paidOrder(customer)
    await deliverSong(orderId, { data: silentWav(0.2), name: 'song.wav', mimetype: 'audio/wav' })
    expect((await storedOrder(orderId)).status).toBe('delivered')

    const asCustomer = { ...bearer(customer), 'Content-Type': 'application/json' }
    const customerCalls = Array.from({ length: PARALLEL }, (_, index) => {
      switch (index % 3) {
        case 0: // A stale whole-row save through Payload's REST, as a hostile client would send it.
          return getJson(`/api/cms/orders/${orderId}?overrideLock=true`, {
            method: 'PATCH',
            headers: asCustomer,
            body: JSON.stringify({ status: 'delivered' }),
          })
        case 1:
          return getJson(`/api/orders/${orderId}/confirm/`, { method: 'POST', headers: asCustomer, body: '{}' })
        default:
          return getJson(`/api/orders/${orderId}/revisions/`, {
            method: 'POST',
            headers: asCustomer,
            body: JSON.stringify({ message: 'Bitte etwas ruhiger am Ende.' }),
          })
      }
    })
    const [refund, ...answers] = await Promise.all([sellerSetsStatus(orderId, 'refunded'), ...customerCalls])

    expect(refund.status).toBe(200)
    expect(answers.every((answer) => answer.status < 500)).toBe(true)
    // Payload's REST is no way for a customer to write an order.
    expect(answers.filter((_, index) => index % 3 === 0).every((answer) => answer.status === 403)).toBe(true)

    const order = await storedOrder(orderId)
    expect(order.status).toBe('refunded')
    const invoices = await invoicesOf(orderId)
    expect(invoices.map((invoice) => invoice.kind).sort()).toEqual(['cancellation', 'invoice'])
    expect(order.cancellation_invoice).toBe(invoices.find((invoice) => invoice.kind === 'cancellation')!.id)
    expect(order.status_history?.at(-1)).toMatchObject({ to: 'refunded', actor: 'seller' })
  })

  it('the database refuses a second invoice of the same kind for one order, however it is written', async () => {
    const customer = await createCustomer('zweitrechnung')
    const orderId = await paidOrder(customer)
    const [invoice] = await invoicesOf(orderId)
    const payload = await testPayload()
    const {
      id: _id,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      ...copy
    } = (await payload.findByID({ collection: 'invoices', id: invoice.id, depth: 0, showHiddenFields: true })) as unknown as Record<string, unknown>
    await expect(payload.create({ collection: 'invoices', data: { ...copy, number: `${invoice.number}-X` } as never, depth: 0 })).rejects.toThrow()
    expect(await invoicesOf(orderId)).toHaveLength(1)
  })
})
