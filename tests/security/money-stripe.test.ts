import { SHOP_MARKER } from '@/payments/stripe-checkout'
import { PAY_RATE } from '@/rules/limits'
import { getJson } from '../support/http'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { deliverStripeEvent, paidSession } from '../support/stripe-events'
import { bearer, createCustomer, type TestCustomer } from '../support/users'

/**
 * One payment per order, and only that payment's refund refunds the order. Stripe cannot be reached
 * from here: events are signed with the official SDK's test helper, and the shop's SDK opens,
 * reads and expires Checkout Sessions and makes refunds against the loopback stand-in that
 * scripts/test.ts starts (STRIPE_API_BASE).
 */
const STAND_IN = process.env.STRIPE_API_BASE ?? ''
type StandInSession = { id: string; url: string; status: string; form: Record<string, string> }
type StandInRefund = { id: string; form: Record<string, string> }
const standIn = async <T>(path: string, method = 'GET'): Promise<T> => (await fetch(`${STAND_IN}${path}`, { method })).json() as Promise<T>
const sessionsOf = async (orderId: number) =>
  (await standIn<StandInSession[]>('/__sessions')).filter((session) => session.form['metadata[order_id]'] === String(orderId))
const refundsOf = async (paymentIntent: string) =>
  (await standIn<StandInRefund[]>('/__refunds')).filter((refund) => refund.form.payment_intent === paymentIntent)

afterAll(closeTestPayload)

let customer: TestCustomer
beforeEach(async () => {
  customer = await createCustomer('stripe')
})

async function placeCardOrder(): Promise<{ id: number; cents: number }> {
  const { status, body } = await getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', payment_method: 'credit_card', ...CONSENTS }),
  })
  expect(status).toBe(201)
  return { id: body.id, cents: Math.round(body.total * 100) }
}

const pay = (orderId: number) => getJson(`/api/orders/${orderId}/pay/`, { method: 'POST', headers: bearer(customer) })
const storedOrder = async (id: number) => (await testPayload()).findByID({ collection: 'orders', id, depth: 0 })
const invoiceKinds = async (orderId: number) =>
  (await (await testPayload()).find({ collection: 'invoices', where: { order: { equals: orderId } }, depth: 0 })).docs.map((invoice) => invoice.kind).sort()

const refundOf = (paymentIntent: string, cents: number, metadata: Record<string, string> = {}) => ({
  type: 'charge.refunded',
  object: { id: `ch_${paymentIntent}`, object: 'charge', currency: 'eur', metadata, payment_intent: paymentIntent, amount_refunded: cents, refunded: true },
})

describe('one open Checkout Session per order (the official SDK against the loopback Stripe stand-in)', () => {
  it('offers the open payment page again instead of opening a second one, also to 20 calls at once', async () => {
    const order = await placeCardOrder()
    const first = await pay(order.id)
    expect(first.status).toBe(200)
    const again = await Promise.all(Array.from({ length: 20 }, () => pay(order.id)))
    expect(again.map((answer) => answer.status)).toEqual(Array(20).fill(200))
    expect(new Set(again.map((answer) => answer.body.url))).toEqual(new Set([first.body.url]))
    expect(await sessionsOf(order.id)).toHaveLength(1)
  })

  /** Issue 28: many first calls at once get the one page or a clear refusal the shop's pages retry; Stripe ends with one open session. */
  const expectOnePage = async (orderId: number, answers: Awaited<ReturnType<typeof pay>>[]) => {
    const pages = answers.filter((answer) => answer.status === 200)
    expect(pages.length).toBeGreaterThanOrEqual(1)
    expect(new Set(pages.map((answer) => answer.body.url)).size).toBe(1)
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect({ status: refused.status, detail: typeof refused.body.detail, retryAfter: Number(refused.headers.get('retry-after')) > 0 }).toEqual({
        status: 409,
        detail: 'string',
        retryAfter: true,
      })
    }
    const open = (await sessionsOf(orderId)).filter((session) => session.status === 'open')
    expect(open).toHaveLength(1)
    expect(pages[0].body.url).toBe(open[0].url)
    expect((await storedOrder(orderId)).stripe_checkout_session).toBe(open[0].id)
    // Asked again afterwards, every call gets that page.
    const again = await Promise.all(Array.from({ length: 5 }, () => pay(orderId)))
    expect(again.map((answer) => [answer.status, answer.body.url])).toEqual(Array(5).fill([200, open[0].url]))
  }

  it('opens one page for 20 first calls at once (the others: 409 with Retry-After), never a second open session', async () => {
    const order = await placeCardOrder()
    await expectOnePage(order.id, await Promise.all(Array.from({ length: 20 }, () => pay(order.id))))
  })

  it('replaces an ending page once for 20 calls at once', async () => {
    const order = await placeCardOrder()
    await pay(order.id)
    const [ending] = await sessionsOf(order.id)
    await standIn(`/__sessions/${ending.id}/ending`, 'POST')
    await expectOnePage(order.id, await Promise.all(Array.from({ length: 20 }, () => pay(order.id))))
    expect((await sessionsOf(order.id)).find((session) => session.id === ending.id)?.status).toBe('expired')
  })

  it(`refuses a customer's payment calls beyond ${PAY_RATE.perCustomer} in ${PAY_RATE.windowMinutes} minutes with 429`, async () => {
    const order = await placeCardOrder()
    const answers = await Promise.all(Array.from({ length: PAY_RATE.perCustomer + 3 }, () => pay(order.id)))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 429)).toHaveLength(3)
    expect(answers.find((answer) => answer.status === 429)?.body.detail).toMatch(/payment page very often/)
    expect(statuses.filter((status) => status !== 429 && status !== 200 && status !== 409)).toEqual([])
    expect((await sessionsOf(order.id)).filter((session) => session.status === 'open')).toHaveLength(1)
  })

  it('expires the earlier page before it opens a new one, and opens none while a payment is being confirmed', async () => {
    const order = await placeCardOrder()
    const first = await pay(order.id)
    const [firstSession] = await sessionsOf(order.id)
    // The page ends in a minute: too short to pay, so a new one replaces it and the old one can no longer be paid.
    await standIn(`/__sessions/${firstSession.id}/ending`, 'POST')
    const second = await pay(order.id)
    expect(second.status).toBe(200)
    expect(second.body.url).not.toBe(first.body.url)
    const sessions = await sessionsOf(order.id)
    expect(sessions.map((session) => session.status)).toEqual(['expired', 'open'])
    expect((await storedOrder(order.id)).stripe_checkout_session).toBe(sessions[1].id)

    // The customer finished Stripe's page; the webhook has not arrived yet.
    await standIn(`/__sessions/${sessions[1].id}/complete`, 'POST')
    const third = await pay(order.id)
    expect(third.status).toBe(409)
    expect(third.body.detail).toMatch(/being confirmed/)
    expect(await sessionsOf(order.id)).toHaveLength(2)
  })
})

describe("Stripe's events (signed with the official SDK test helper)", () => {
  it('refunds the order only for a refund of the payment that paid it', async () => {
    const order = await placeCardOrder()
    expect((await deliverStripeEvent(paidSession(order.id, order.cents, { payment_intent: `pi_paid_${order.id}` }))).body.outcome).toBe('paid')

    // Someone refunds another charge that names this order: the order keeps its payment.
    const other = await deliverStripeEvent(refundOf(`pi_other_${order.id}`, order.cents, { order_id: String(order.id), shop: SHOP_MARKER }))
    expect(other.body.outcome).toMatch(/refund of another payment/)
    expect(await storedOrder(order.id)).toMatchObject({ status: 'paid', cancellation_invoice: null })
    expect(await invoiceKinds(order.id)).toEqual(['invoice'])

    expect((await deliverStripeEvent(refundOf(`pi_paid_${order.id}`, order.cents))).body.outcome).toBe('refunded')
    expect((await storedOrder(order.id)).status).toBe('refunded')
    expect(await invoiceKinds(order.id)).toEqual(['cancellation', 'invoice'])
  })

  it('gives a second payment for a paid order back at once, once, and notes it on the order', async () => {
    const order = await placeCardOrder()
    await deliverStripeEvent(paidSession(order.id, order.cents, { payment_intent: `pi_first_${order.id}` }))
    const secondPayment = paidSession(order.id, order.cents, { id: `cs_second_${order.id}`, payment_intent: `pi_second_${order.id}` })
    const second = await deliverStripeEvent(secondPayment)
    expect(second.body.outcome).toMatch(/extra payment refunded/)
    // Stripe tells the same payment again (another event): the refund is asked for with the same idempotency key.
    await deliverStripeEvent({ ...secondPayment, type: 'checkout.session.async_payment_succeeded' })
    const refunds = await refundsOf(`pi_second_${order.id}`)
    expect(refunds).toHaveLength(1)
    expect(await refundsOf(`pi_first_${order.id}`)).toHaveLength(0)

    const stored = await storedOrder(order.id)
    expect(stored).toMatchObject({ status: 'paid', stripe_payment_intent: `pi_first_${order.id}` })
    expect(stored.payment_incidents).toEqual([
      expect.objectContaining({ kind: 'duplicate_payment', reference: `pi_second_${order.id}`, resolved: true, state: expect.stringContaining(refunds[0].id) }),
    ])
    expect(await invoiceKinds(order.id)).toEqual(['invoice'])

    // The refund's own event then changes nothing of the order.
    expect((await deliverStripeEvent(refundOf(`pi_second_${order.id}`, order.cents, { order_id: String(order.id), shop: SHOP_MARKER }))).body.outcome).toMatch(
      /another payment/,
    )
    expect((await storedOrder(order.id)).status).toBe('paid')
  })

  it('leaves a second payment that Stripe would not refund to the seller, as an open incident', async () => {
    const order = await placeCardOrder()
    await deliverStripeEvent(paidSession(order.id, order.cents))
    const second = await deliverStripeEvent(paidSession(order.id, order.cents, { id: `cs_b_${order.id}`, payment_intent: `pi_refund_fails_${order.id}` }))
    expect(second.body.outcome).toMatch(/refund failed/)
    const open = await (
      await testPayload()
    ).find({ collection: 'orders', where: { 'payment_incidents.resolved': { equals: false } }, depth: 0, pagination: false })
    expect(open.docs.map((candidate) => candidate.id)).toContain(order.id)
  })

  it('records a dispute on the order for the seller, and closes it when Stripe does', async () => {
    const order = await placeCardOrder()
    await deliverStripeEvent(paidSession(order.id, order.cents, { payment_intent: `pi_disputed_${order.id}` }))
    const dispute = {
      id: `du_${order.id}`,
      object: 'dispute',
      currency: 'eur',
      amount: order.cents,
      payment_intent: `pi_disputed_${order.id}`,
      charge: `ch_${order.id}`,
      reason: 'fraudulent',
    }
    expect((await deliverStripeEvent({ type: 'charge.dispute.created', object: { ...dispute, status: 'needs_response' } })).body.outcome).toMatch(
      /dispute recorded/,
    )
    expect((await storedOrder(order.id)).payment_incidents).toEqual([
      expect.objectContaining({
        kind: 'dispute',
        reference: `du_${order.id}`,
        resolved: false,
        state: 'needs_response (fraudulent)',
        amount: order.cents / 100,
      }),
    ])
    expect((await deliverStripeEvent({ type: 'charge.dispute.closed', object: { ...dispute, status: 'won' } })).body.outcome).toMatch(/dispute closed/)
    const closed = await storedOrder(order.id)
    expect(closed.status).toBe('paid')
    expect(closed.payment_incidents).toEqual([expect.objectContaining({ reference: `du_${order.id}`, resolved: true, state: 'won (fraudulent)' })])
  })

  it('applies no session this shop did not open for that order, or not in euros', async () => {
    const order = await placeCardOrder()
    const base = paidSession(order.id, order.cents)
    const foreign = [
      { ...base.object, currency: 'usd' },
      { ...base.object, metadata: { order_id: String(order.id) } },
      { ...base.object, client_reference_id: String(order.id + 1) },
    ]
    for (const object of foreign) {
      const answer = await deliverStripeEvent({ type: base.type, object })
      expect(answer.status).toBe(200)
      expect(answer.body.outcome).toMatch(/^ignored/)
    }
    expect((await storedOrder(order.id)).status).toBe('pending_payment')
  })
})

describe("the customer's writes to orders", () => {
  it("refuses a customer's PATCH of their own order through Payload's REST, with or without overrideLock", async () => {
    const order = await placeCardOrder()
    const before = await storedOrder(order.id)
    for (const query of ['', '?overrideLock=true']) {
      const answer = await getJson(`/api/cms/orders/${order.id}${query}`, {
        method: 'PATCH',
        headers: { ...bearer(customer), 'Content-Type': 'application/json' },
        body: JSON.stringify({}),
      })
      expect(answer.status).toBe(403)
    }
    expect((await storedOrder(order.id)).updatedAt).toBe(before.updatedAt)
  })
})
