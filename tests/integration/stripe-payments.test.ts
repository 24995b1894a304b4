import { BASE_URL, getJson } from '../support/http'
import { SHOP_MARKER } from '@/payments/stripe-checkout'
import { deliverStripeEvent, paidSession } from '../support/stripe-events'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, type TestCustomer } from '../support/users'

/**
 * Card and PayPal through Stripe, which cannot be reached from here: the webhook gets events signed
 * with the official SDK's own test helper, and the shop's SDK creates Checkout Sessions against the
 * loopback stand-in that scripts/test.ts starts (STRIPE_API_BASE).
 */

let alice: TestCustomer
let bob: TestCustomer
// Fresh customers for every test: each may hold only a few unpaid orders (MAX_OPEN_UNPAID_ORDERS).
beforeEach(async () => {
  ;[alice, bob] = await Promise.all([createCustomer('karte'), createCustomer('andere')])
})
afterAll(closeTestPayload)

const placeOrder = async (customer: TestCustomer, payment_method = 'credit_card') => {
  const { status, body } = await getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', payment_method, ...CONSENTS }),
  })
  expect(status).toBe(201)
  return body as { id: number; total: number }
}

const storedOrder = async (id: number) => (await testPayload()).findByID({ collection: 'orders', id, depth: 0 })

const deliver = deliverStripeEvent

const refund = (orderId: number | null, paymentIntent: string) => ({
  type: 'charge.refunded',
  object: {
    id: `ch_${paymentIntent}`,
    object: 'charge',
    currency: 'eur',
    metadata: orderId ? { order_id: String(orderId), shop: SHOP_MARKER } : {},
    payment_intent: paymentIntent,
    amount_refunded: 6900,
    refunded: true,
  },
})

describe('Stripe webhook (events signed with the official SDK test helper)', () => {
  it('refuses a bad signature with 400 and changes nothing', async () => {
    const placed = await placeOrder(alice)
    const forged = await deliver(paidSession(placed.id, 6900), 'whsec_someone_else')
    expect(forged.status).toBe(400)
    expect(forged.body.detail).toMatch(/Stripe-Signature/)
    const unsigned = await fetch(`${BASE_URL}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(paidSession(placed.id, 6900)),
    })
    expect(unsigned.status).toBe(400)
    expect((await storedOrder(placed.id)).status).toBe('pending_payment')
  })

  it('marks the order paid once with its invoice; a replayed event changes nothing', async () => {
    const placed = await placeOrder(alice)
    const event = paidSession(placed.id, 6900)
    const first = await deliver(event)
    expect(first).toMatchObject({ status: 200, body: { received: true, outcome: 'paid' } })
    const paid = await storedOrder(placed.id)
    expect(paid).toMatchObject({ status: 'paid', stripe_payment_intent: `pi_test_${placed.id}` })
    expect(paid.invoice).toBeTruthy()
    expect(paid.status_history?.at(-1)).toMatchObject({ actor: 'stripe', from: 'pending_payment', to: 'paid' })

    const replay = await deliver({ ...event, id: first.id })
    expect(replay).toMatchObject({ status: 200, body: { outcome: 'duplicate' } })
    // Another event saying the same (e.g. async success after completion) finds the order paid already.
    const again = await deliver({ ...event, type: 'checkout.session.async_payment_succeeded' })
    expect(again.body.outcome).toMatch(/not awaiting payment/)
    const after = await storedOrder(placed.id)
    expect(after.invoice).toBe(paid.invoice)
    expect(after.status_history).toHaveLength(1)
  })

  it('changes only the order the event names, and acknowledges an event for an unknown order', async () => {
    const [mine, other] = await Promise.all([placeOrder(alice), placeOrder(bob)])
    expect((await deliver(paidSession(other.id, 6900))).body.outcome).toBe('paid')
    expect((await storedOrder(mine.id)).status).toBe('pending_payment')
    expect((await storedOrder(other.id)).status).toBe('paid')
    const unknown = await deliver(paidSession(2_000_000_000, 6900))
    expect(unknown).toMatchObject({ status: 200, body: { outcome: 'unknown order' } })
  })

  it('never marks an order paid for another amount than its total', async () => {
    const placed = await placeOrder(alice)
    const cheaper = await deliver(paidSession(placed.id, 100))
    expect(cheaper.status).toBe(200)
    expect(cheaper.body.outcome).toMatch(/amount 100 differs/)
    expect((await storedOrder(placed.id)).status).toBe('pending_payment')
  })

  it('keeps the order open after an asynchronous failure or an expired page, and takes the later success', async () => {
    const placed = await placeOrder(alice, 'paypal')
    const pending = { payment_status: 'unpaid' }
    expect((await deliver({ ...paidSession(placed.id, 6900, pending) })).body.outcome).toMatch(/ignored/)
    expect((await deliver({ ...paidSession(placed.id, 6900, pending), type: 'checkout.session.async_payment_failed' })).body.outcome).toMatch(/failed/)
    expect((await deliver({ ...paidSession(placed.id, 6900, pending), type: 'checkout.session.expired' })).body.outcome).toMatch(/expired/)
    expect((await storedOrder(placed.id)).status).toBe('pending_payment')
    expect((await deliver({ ...paidSession(placed.id, 6900), type: 'checkout.session.async_payment_succeeded' })).body.outcome).toBe('paid')
    expect((await storedOrder(placed.id)).status).toBe('paid')
  })

  it('marks a refunded order refunded with a cancellation invoice, found by its payment', async () => {
    const placed = await placeOrder(alice)
    await deliver(paidSession(placed.id, 6900))
    const refunded = await deliver(refund(null, `pi_test_${placed.id}`))
    expect(refunded.body.outcome).toBe('refunded')
    const order = await storedOrder(placed.id)
    expect(order.status).toBe('refunded')
    expect(order.cancellation_invoice).toBeTruthy()
  })

  it('closes an order whose refund overtakes its payment event, and the late payment event then changes nothing', async () => {
    const placed = await placeOrder(alice)
    expect((await deliver(refund(placed.id, `pi_test_${placed.id}`))).body.outcome).toBe('cancelled')
    const late = await deliver(paidSession(placed.id, 6900))
    expect(late.body.outcome).toMatch(/not awaiting payment \(cancelled\)/)
    expect(await storedOrder(placed.id)).toMatchObject({ status: 'cancelled', invoice: null })
  })
})

describe('paying online (the official SDK against the loopback Stripe stand-in)', () => {
  const pay = (customer: TestCustomer | null, orderId: number) =>
    getJson(`/api/orders/${orderId}/pay/`, { method: 'POST', headers: customer ? bearer(customer) : {} })

  it("opens a Checkout Session for the order's stored total, with the order id in the metadata", async () => {
    const placed = await placeOrder(alice, 'paypal')
    const { status, body } = await pay(alice, placed.id)
    expect(status).toBe(200)
    expect(body.url).toMatch(new RegExp(`^${process.env.STRIPE_API_BASE}/pay/cs_test_standin_\\d+$`))
    const sessions = (await (await fetch(`${process.env.STRIPE_API_BASE}/__sessions`)).json()) as { id: string; url: string; form: Record<string, string> }[]
    const session = sessions.find((candidate) => candidate.url === body.url)!
    expect(session.form).toMatchObject({
      'line_items[0][price_data][unit_amount]': '6900',
      'line_items[0][price_data][currency]': 'eur',
      'metadata[order_id]': String(placed.id),
      'metadata[shop]': SHOP_MARKER,
      client_reference_id: String(placed.id),
      'excluded_payment_method_types[0]': 'card',
    })
    expect(session.form.success_url).toMatch(new RegExp(`/account/orders/${placed.id}\\?paid=1$`))
    expect((await storedOrder(placed.id)).stripe_checkout_session).toBe(session.id)
  })

  it('is for the owner of an unpaid card or PayPal order only', async () => {
    const card = await placeOrder(alice)
    const transfer = await placeOrder(alice, 'prepayment')
    expect((await pay(null, card.id)).status).toBe(401)
    expect((await pay(bob, card.id)).status).toBe(404)
    const byTransfer = await pay(alice, transfer.id)
    expect(byTransfer.status).toBe(409)
    expect(byTransfer.body.detail).toMatch(/bank transfer/)
    await deliver(paidSession(card.id, 6900))
    expect((await pay(alice, card.id)).status).toBe(409)
  })
})
