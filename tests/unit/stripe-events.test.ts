import Stripe from 'stripe'
import { SHOP_MARKER } from '@/payments/stripe-checkout'
import { paymentSignal, verifiedStripeEvent } from '@/payments/stripe-events'

const WEBHOOK_SECRET = 'whsec_unit_test_secret'
const stripe = new Stripe('sk_test_unused', { telemetry: false })

/** An event as Stripe would send it, with a signature made by the SDK's own test helper. */
function signedEvent(type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id: `evt_${type.replace(/\W/g, '_')}`, object: 'event', type, data: { object }, created: Math.floor(Date.now() / 1000) })
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) }
}

const session = (fields: Record<string, unknown>) => ({
  id: 'cs_test_1',
  object: 'checkout.session',
  metadata: { order_id: '42', shop: SHOP_MARKER },
  client_reference_id: '42',
  currency: 'eur',
  payment_status: 'paid',
  amount_total: 15395,
  payment_intent: 'pi_test_1',
  ...fields,
})

const read = (type: string, object: Record<string, unknown>) => {
  const { payload, signature } = signedEvent(type, object)
  const event = verifiedStripeEvent(stripe, payload, signature, WEBHOOK_SECRET)
  if (!event) throw new Error('signature refused')
  return paymentSignal(event)
}

describe('Stripe webhook events (signed with the official SDK test helper)', () => {
  it('accepts only a signature made with our secret over exactly these bytes', () => {
    const { payload, signature } = signedEvent('checkout.session.completed', session({}))
    expect(verifiedStripeEvent(stripe, payload, signature, WEBHOOK_SECRET)?.type).toBe('checkout.session.completed')
    expect(verifiedStripeEvent(stripe, payload, signature, 'whsec_another_secret')).toBeNull()
    expect(verifiedStripeEvent(stripe, payload.replace('15395', '1'), signature, WEBHOOK_SECRET)).toBeNull()
    expect(verifiedStripeEvent(stripe, payload, null, WEBHOOK_SECRET)).toBeNull()
    expect(verifiedStripeEvent(stripe, payload, 'garbage', WEBHOOK_SECRET)).toBeNull()
  })

  it('reads a paid session as the order being paid, with the amount Stripe took', () => {
    expect(read('checkout.session.completed', session({}))).toEqual({
      kind: 'paid',
      orderId: 42,
      amountCents: 15395,
      sessionId: 'cs_test_1',
      paymentIntentId: 'pi_test_1',
      cardCountry: null,
    })
    expect(read('checkout.session.async_payment_succeeded', session({})).kind).toBe('paid')
  })

  it("reads a purchase's session (issue 33) by purchase_id and client_reference_id purchase-{id}, with the payer's country", () => {
    const purchase = (fields: Record<string, unknown>) =>
      session({
        metadata: { purchase_id: '7', shop: SHOP_MARKER },
        client_reference_id: 'purchase-7',
        customer_details: { address: { country: 'AT' } },
        ...fields,
      })
    expect(read('checkout.session.completed', purchase({}))).toEqual({
      kind: 'paid',
      purchaseId: 7,
      amountCents: 15395,
      sessionId: 'cs_test_1',
      paymentIntentId: 'pi_test_1',
      cardCountry: 'AT',
    })
    expect(read('checkout.session.expired', purchase({ payment_status: 'unpaid' }))).toMatchObject({ kind: 'session_expired', purchaseId: 7 })
    // The order's number as reference, both ids, or a country that is no ISO code: not a purchase's session as opened.
    expect(read('checkout.session.completed', purchase({ client_reference_id: '7' })).kind).toBe('ignored')
    expect(read('checkout.session.completed', purchase({ metadata: { purchase_id: '7', order_id: '7', shop: SHOP_MARKER } })).kind).toBe('ignored')
    expect(read('checkout.session.completed', purchase({ customer_details: { address: { country: 'Austria' } } }))).toMatchObject({ cardCountry: null })
    expect(
      read('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        currency: 'eur',
        payment_intent: 'pi_1',
        amount_refunded: 1,
        refunded: true,
        metadata: { purchase_id: '7', shop: SHOP_MARKER },
      }),
    ).toMatchObject({ orderId: null, purchaseId: 7 })
  })

  it('waits for the async outcome of a completed but unpaid session, and reads failure and expiry', () => {
    expect(read('checkout.session.completed', session({ payment_status: 'unpaid' })).kind).toBe('ignored')
    expect(read('checkout.session.async_payment_failed', session({ payment_status: 'unpaid' }))).toMatchObject({ kind: 'payment_failed', orderId: 42 })
    expect(read('checkout.session.expired', session({ payment_status: 'unpaid' }))).toMatchObject({ kind: 'session_expired', orderId: 42 })
  })

  it('ignores sessions without one of our order ids and events it does not use', () => {
    expect(read('checkout.session.completed', session({ metadata: {} })).kind).toBe('ignored')
    expect(read('checkout.session.completed', session({ metadata: { order_id: '1 OR 1=1' } })).kind).toBe('ignored')
    expect(read('customer.created', { id: 'cus_1', object: 'customer' }).kind).toBe('ignored')
  })

  it('reads a refund with its payment intent, so the order is found even without metadata', () => {
    expect(
      read('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        currency: 'eur',
        metadata: {},
        payment_intent: 'pi_test_1',
        amount_refunded: 15395,
        refunded: true,
      }),
    ).toEqual({
      kind: 'refunded',
      orderId: null,
      purchaseId: null,
      paymentIntentId: 'pi_test_1',
      amountRefundedCents: 15395,
      fullyRefunded: true,
    })
  })

  it('applies only sessions this shop opened, in euros: the marker, the same order as client_reference_id, the currency', () => {
    expect(read('checkout.session.completed', session({ metadata: { order_id: '42' } }))).toMatchObject({
      kind: 'ignored',
      reason: expect.stringMatching(/not opened by this shop/),
    })
    expect(read('checkout.session.completed', session({ client_reference_id: '43' }))).toMatchObject({
      kind: 'ignored',
      reason: expect.stringMatching(/not opened by this shop/),
    })
    expect(read('checkout.session.completed', session({ client_reference_id: null }))).toMatchObject({ kind: 'ignored' })
    expect(read('checkout.session.completed', session({ currency: 'usd' }))).toMatchObject({ kind: 'ignored', reason: expect.stringMatching(/usd/) })
    expect(read('checkout.session.expired', session({ currency: 'usd' })).kind).toBe('ignored')
    expect(
      read('charge.refunded', { id: 'ch_1', object: 'charge', currency: 'usd', metadata: {}, payment_intent: 'pi_test_1', amount_refunded: 1, refunded: true })
        .kind,
    ).toBe('ignored')
  })

  it("takes a refund's order id from the metadata only with the shop's marker (a hint; the payment decides)", () => {
    const charge = { id: 'ch_1', object: 'charge', currency: 'eur', payment_intent: 'pi_test_1', amount_refunded: 100, refunded: true }
    expect(read('charge.refunded', { ...charge, metadata: { order_id: '42', shop: SHOP_MARKER } })).toMatchObject({ orderId: 42 })
    expect(read('charge.refunded', { ...charge, metadata: { order_id: '42' } })).toMatchObject({ orderId: null })
  })

  it('reads disputes (chargebacks) with their payment, amount, status and reason; closed ones as closed', () => {
    const dispute = {
      id: 'du_1',
      object: 'dispute',
      currency: 'eur',
      amount: 15395,
      payment_intent: 'pi_test_1',
      charge: 'ch_1',
      status: 'needs_response',
      reason: 'fraudulent',
    }
    expect(read('charge.dispute.created', dispute)).toEqual({
      kind: 'dispute',
      disputeId: 'du_1',
      paymentIntentId: 'pi_test_1',
      amountCents: 15395,
      status: 'needs_response',
      reason: 'fraudulent',
      closed: false,
    })
    expect(read('charge.dispute.closed', { ...dispute, status: 'won' })).toMatchObject({ kind: 'dispute', status: 'won', closed: true })
    expect(read('charge.dispute.created', { ...dispute, currency: 'usd' }).kind).toBe('ignored')
  })
})
