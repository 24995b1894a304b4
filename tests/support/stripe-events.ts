import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { SHOP_MARKER } from '@/payments/stripe-checkout'
import { BASE_URL } from './http'

/**
 * Stripe's webhook events as Stripe would send them, for tests: Stripe cannot be reached from
 * here, so the events are signed with the official SDK's own test helper and the secret that
 * scripts/test.ts gives the shop.
 */
const stripe = new Stripe('sk_test_unused', { telemetry: false })

export type StripeEventFields = { id?: string; type: string; object: Record<string, unknown> }

/** A Checkout Session this shop opened for the order, paid with `amountCents`. */
export const paidSession = (orderId: number, amountCents: number, fields: Record<string, unknown> = {}): StripeEventFields => ({
  type: 'checkout.session.completed',
  object: {
    id: `cs_test_${orderId}`,
    object: 'checkout.session',
    metadata: { order_id: String(orderId), shop: SHOP_MARKER },
    client_reference_id: String(orderId),
    currency: 'eur',
    payment_status: 'paid',
    amount_total: amountCents,
    payment_intent: `pi_test_${orderId}`,
    ...fields,
  },
})

/** The raw body and Stripe-Signature header of an event. */
export function signedStripeEvent(
  { id = `evt_${randomBytes(8).toString('hex')}`, type, object }: StripeEventFields,
  secret = process.env.STRIPE_WEBHOOK_SECRET ?? '',
) {
  const body = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } })
  return { id, body, signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret }) }
}

/** Delivers an event to the shop's webhook as Stripe would. */
export async function deliverStripeEvent(fields: StripeEventFields, secret?: string) {
  const { id, body, signature } = signedStripeEvent(fields, secret)
  const response = await fetch(`${BASE_URL}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body,
  })
  return { status: response.status, body: await response.json(), id }
}
