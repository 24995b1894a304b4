import type Stripe from 'stripe'
import { clientReferenceOf, SHOP_CURRENCY, SHOP_MARKER } from './stripe-checkout'
import { idOf } from '@/site/relation-id'

/** Which sale a Checkout Session was opened for: an order, or a purchase of music. */
export type SessionSale = { orderId: number } | { purchaseId: number }

/** What a Stripe event means for one of our orders or purchases. */
export type PaymentSignal =
  | ({
      kind: 'paid'
      amountCents: number
      sessionId: string
      paymentIntentId: string | null
      /** The country of the payer's address as Stripe reports it: the second piece of evidence of where a buyer of downloads lives. */
      cardCountry: string | null
    } & SessionSale)
  | ({ kind: 'payment_failed' | 'session_expired'; sessionId: string } & SessionSale)
  | {
      kind: 'refunded'
      orderId: number | null
      purchaseId: number | null
      paymentIntentId: string | null
      amountRefundedCents: number
      fullyRefunded: boolean
    }
  | { kind: 'dispute'; disputeId: string; paymentIntentId: string | null; amountCents: number; status: string; reason: string; closed: boolean }
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

/** Our ids are positive integers; anything else in the metadata is not ours. */
function idIn(metadata: Stripe.Metadata | null | undefined, key: 'order_id' | 'purchase_id'): number | null {
  const raw = metadata?.[key]
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null
}

const orderIdOf = (metadata: Stripe.Metadata | null | undefined) => idIn(metadata, 'order_id')

const ignored = (reason: string): PaymentSignal => ({ kind: 'ignored', reason })

/**
 * The order or purchase a Checkout Session of this shop was opened for, or why the session is not
 * ours: the Stripe account may sell other things too, so a session counts only with the shop's
 * marker, the same sale in the metadata and as client_reference_id (src/payments/stripe-checkout.ts),
 * and the shop's currency.
 */
function sessionOrder(session: Stripe.Checkout.Session): SessionSale | { reason: string } {
  const orderId = orderIdOf(session.metadata)
  const purchaseId = idIn(session.metadata, 'purchase_id')
  if ((orderId === null) === (purchaseId === null)) return { reason: `session ${session.id} names no order` }
  const sale = orderId !== null ? { kind: 'order' as const, id: orderId } : { kind: 'purchase' as const, id: purchaseId! }
  if (session.metadata?.shop !== SHOP_MARKER || session.client_reference_id !== clientReferenceOf(sale)) {
    return { reason: `session ${session.id} was not opened by this shop` }
  }
  if (session.currency !== SHOP_CURRENCY) return { reason: `session ${session.id} is in ${session.currency}, not ${SHOP_CURRENCY}` }
  return orderId !== null ? { orderId } : { purchaseId: purchaseId! }
}

/** The payer's country from the session's customer details (ISO alpha-2), or null. */
const payerCountry = (session: Stripe.Checkout.Session): string | null => {
  const country = session.customer_details?.address?.country
  return typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null
}

/** Reads the events the shop subscribes to; everything else is acknowledged and ignored. */
export function paymentSignal(event: Stripe.Event): PaymentSignal {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object
      const ours = sessionOrder(session)
      if ('reason' in ours) return ignored(ours.reason)
      // A completed session with a delayed method (e.g. a bank debit) is not paid yet; its
      // async_payment_succeeded event follows.
      if (session.payment_status !== 'paid') return ignored(`session ${session.id} is ${session.payment_status}`)
      return {
        kind: 'paid',
        ...ours,
        amountCents: session.amount_total ?? 0,
        sessionId: session.id,
        paymentIntentId: idOf(session.payment_intent),
        cardCountry: payerCountry(session),
      }
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object
      const ours = sessionOrder(session)
      if ('reason' in ours) return ignored(ours.reason)
      return { kind: event.type === 'checkout.session.expired' ? 'session_expired' : 'payment_failed', ...ours, sessionId: session.id }
    }
    case 'charge.refunded': {
      const charge = event.data.object
      if (charge.currency !== SHOP_CURRENCY) return ignored(`charge ${charge.id} is in ${charge.currency}, not ${SHOP_CURRENCY}`)
      return {
        kind: 'refunded',
        // A hint only: the refund is matched to an order or purchase by the payment it refunds (src/payments/stripe-webhook.ts).
        orderId: charge.metadata?.shop === SHOP_MARKER ? orderIdOf(charge.metadata) : null,
        purchaseId: charge.metadata?.shop === SHOP_MARKER ? idIn(charge.metadata, 'purchase_id') : null,
        paymentIntentId: idOf(charge.payment_intent),
        amountRefundedCents: charge.amount_refunded,
        fullyRefunded: charge.refunded,
      }
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const dispute = event.data.object
      if (dispute.currency !== SHOP_CURRENCY) return ignored(`dispute ${dispute.id} is in ${dispute.currency}, not ${SHOP_CURRENCY}`)
      return {
        kind: 'dispute',
        disputeId: dispute.id,
        paymentIntentId: idOf(dispute.payment_intent),
        amountCents: dispute.amount,
        status: dispute.status,
        reason: dispute.reason,
        closed: event.type === 'charge.dispute.closed',
      }
    }
    default:
      return ignored(`event type ${event.type} is not used`)
  }
}
