import type Stripe from 'stripe'
import type { Locale } from '@/i18n/locales'
import { type OnlinePaymentMethod, PAYMENT_METHOD_TABLE, PAYMENT_METHODS, paysOnline } from '@/rules/choices'

/** What a payment is for: a commissioned song (order) or a purchase of music and tips. */
export type SaleReference = { kind: 'order' | 'purchase'; id: number }

/**
 * How a sale is named to Stripe: in the metadata (`order_id` or `purchase_id`) and as
 * client_reference_id (the order's number, `purchase-{id}` for a purchase). The webhook reads
 * both back (src/payments/stripe-events.ts) and applies a session only when they agree.
 */
export const saleMetadata = (sale: SaleReference): Record<string, string> =>
  sale.kind === 'order' ? { order_id: String(sale.id), shop: SHOP_MARKER } : { purchase_id: String(sale.id), shop: SHOP_MARKER }
export const clientReferenceOf = (sale: SaleReference): string => (sale.kind === 'order' ? String(sale.id) : `purchase-${sale.id}`)

/** What a hosted Stripe Checkout page needs to take one sale's payment. */
export type CheckoutRequest = {
  sale: SaleReference
  /** Printed on the customer's statement and in Stripe's dashboard. */
  description: string
  amountCents: number
  method: OnlinePaymentMethod
  customerEmail: string
  locale: Locale
  successUrl: string
  cancelUrl: string
}

/** Every amount the shop charges is in euros. */
export const SHOP_CURRENCY = 'eur'

/**
 * Written into every Checkout Session's and payment's metadata: the webhook applies only events
 * that carry it, since the seller's Stripe account may also take payments that are not the shop's.
 */
export const SHOP_MARKER = 'relaxation-music-shop'

/**
 * Stripe's API leaves the offered methods to the seller's Dashboard (card and PayPal enabled there,
 * README); the method the customer chose in our checkout is honoured by leaving out the other ones.
 */
const otherOnlineMethods = (chosen: OnlinePaymentMethod) =>
  PAYMENT_METHODS.filter((method): method is OnlinePaymentMethod => paysOnline(method) && method !== chosen).map(
    (method) => PAYMENT_METHOD_TABLE[method].stripeType,
  )

/**
 * Opens a Checkout Session for the sale's stored total (integer cents, EUR). The sale travels in
 * the metadata and as client_reference_id, so the webhook finds it without trusting the browser; the session expires after 30 minutes (Stripe's minimum), after which the customer can
 * simply pay again from their account.
 */
export async function createCheckoutSession(stripe: Stripe, request: CheckoutRequest): Promise<{ id: string; url: string }> {
  if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new Error('The amount must be a positive number of cents.')
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    excluded_payment_method_types: otherOnlineMethods(request.method),
    line_items: [
      {
        quantity: 1,
        price_data: { currency: SHOP_CURRENCY, unit_amount: request.amountCents, product_data: { name: request.description } },
      },
    ],
    client_reference_id: clientReferenceOf(request.sale),
    metadata: saleMetadata(request.sale),
    payment_intent_data: { metadata: saleMetadata(request.sale) },
    customer_email: request.customerEmail,
    locale: request.locale,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    expires_at: Math.floor(Date.now() / 1000) + 30 * 60,
  })
  if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL.')
  return { id: session.id, url: session.url }
}

/** A session that ends within this time is not offered again: the customer needs time to pay. */
const REUSE_MARGIN_SECONDS = 5 * 60

export type EarlierSession = { reuse: { url: string } } | { paymentUnderWay: true } | { replace: 'open' | 'closed' }

/**
 * What to do with the order's last Checkout Session before opening another: offer it again while
 * it is open for a while yet and asks the same amount; otherwise replace it (`open`: it must be
 * expired first, so an order never has two payment pages that could both be paid). A session
 * already completed means a payment is being confirmed: no new page then. Only reads.
 */
export async function earlierSession(stripe: Stripe, sessionId: string, amountCents: number): Promise<EarlierSession> {
  const session = await stripe.checkout.sessions.retrieve(sessionId)
  if (session.status === 'complete') return { paymentUnderWay: true }
  if (session.status !== 'open') return { replace: 'closed' }
  const stillOpenFor = session.expires_at - Math.floor(Date.now() / 1000)
  if (session.url && stillOpenFor > REUSE_MARGIN_SECONDS && session.amount_total === amountCents && session.currency === SHOP_CURRENCY) {
    return { reuse: { url: session.url } }
  }
  return { replace: 'open' }
}

/**
 * Ends a Checkout Session so that it can no longer be paid. Stripe refuses to expire one that is
 * not open: then it says how it ended (`complete`: the customer has just paid it).
 */
export async function expireSession(stripe: Stripe, sessionId: string): Promise<'expired' | 'complete'> {
  try {
    await stripe.checkout.sessions.expire(sessionId)
    return 'expired'
  } catch (error) {
    const { status } = await stripe.checkout.sessions.retrieve(sessionId)
    if (status === 'complete') return 'complete'
    if (status === 'expired') return 'expired'
    throw error
  }
}

/**
 * Gives back a payment that paid no sale (a second payment for an order or purchase already paid,
 * or a payment for one already closed). The idempotency key makes a repeated webhook delivery ask for
 * the same refund, never a second one.
 */
export async function refundExtraPayment(stripe: Stripe, paymentIntentId: string, sale: SaleReference): Promise<{ id: string; status: string | null }> {
  const refund = await stripe.refunds.create(
    { payment_intent: paymentIntentId, reason: 'duplicate', metadata: saleMetadata(sale) },
    { idempotencyKey: `refund-extra-payment-${paymentIntentId}` },
  )
  return { id: refund.id, status: refund.status }
}
