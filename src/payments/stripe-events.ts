import type Stripe from 'stripe'

/** What a Stripe event means for one of our orders. */
export type PaymentSignal =
  | { kind: 'paid'; orderId: number; amountCents: number; sessionId: string; paymentIntentId: string | null }
  | { kind: 'payment_failed'; orderId: number; sessionId: string }
  | { kind: 'session_expired'; orderId: number; sessionId: string }
  | { kind: 'refunded'; orderId: number | null; paymentIntentId: string | null; amountRefundedCents: number; fullyRefunded: boolean }
  | { kind: 'ignored'; reason: string }

/**
 * The event, if its Stripe-Signature header was made with our webhook secret over exactly these
 * bytes (and is at most five minutes old); null otherwise. The raw body must not be re-serialised.
 */
export function verifiedStripeEvent(stripe: Stripe, rawBody: string, signature: string | null, webhookSecret: string): Stripe.Event | null {
  if (!signature) return null
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret)
  } catch {
    return null
  }
}

/** Our order ids are positive integers; anything else in the metadata is not ours. */
function orderIdOf(metadata: Stripe.Metadata | null | undefined): number | null {
  const raw = metadata?.order_id
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null))

/** Reads the events the shop subscribes to; everything else is acknowledged and ignored. */
export function paymentSignal(event: Stripe.Event): PaymentSignal {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object
      const orderId = orderIdOf(session.metadata)
      if (orderId === null) return { kind: 'ignored', reason: `session ${session.id} names no order` }
      // A completed session with a delayed method (e.g. a bank debit) is not paid yet; its
      // async_payment_succeeded event follows.
      if (session.payment_status !== 'paid') return { kind: 'ignored', reason: `session ${session.id} is ${session.payment_status}` }
      return { kind: 'paid', orderId, amountCents: session.amount_total ?? 0, sessionId: session.id, paymentIntentId: idOf(session.payment_intent) }
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object
      const orderId = orderIdOf(session.metadata)
      if (orderId === null) return { kind: 'ignored', reason: `session ${session.id} names no order` }
      return { kind: event.type === 'checkout.session.expired' ? 'session_expired' : 'payment_failed', orderId, sessionId: session.id }
    }
    case 'charge.refunded': {
      const charge = event.data.object
      return {
        kind: 'refunded',
        orderId: orderIdOf(charge.metadata),
        paymentIntentId: idOf(charge.payment_intent),
        amountRefundedCents: charge.amount_refunded,
        fullyRefunded: charge.refunded,
      }
    }
    default:
      return { kind: 'ignored', reason: `event type ${event.type} is not used` }
  }
}
