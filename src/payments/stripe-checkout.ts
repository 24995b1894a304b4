import type Stripe from 'stripe'
import type { Locale } from '@/i18n/locales'

/** What a hosted Stripe Checkout page needs to take one order's payment. */
export type CheckoutRequest = {
  orderId: number
  /** Printed on the customer's statement and in Stripe's dashboard. */
  description: string
  amountCents: number
  method: 'credit_card' | 'paypal'
  customerEmail: string
  locale: Locale
  successUrl: string
  cancelUrl: string
}

/**
 * Stripe's API leaves the offered methods to the seller's Dashboard (card and PayPal enabled there,
 * README); the method the customer chose in our checkout is honoured by leaving out the other one.
 */
const OTHER_METHOD = { credit_card: 'paypal', paypal: 'card' } as const

/**
 * Opens a Checkout Session for the order's stored total (integer cents, EUR). The order id travels
 * in the metadata and as client_reference_id, so the webhook finds the order without trusting the
 * browser; the session expires after 30 minutes (Stripe's minimum), after which the customer can
 * simply pay again from their account.
 */
export async function createCheckoutSession(stripe: Stripe, request: CheckoutRequest): Promise<{ id: string; url: string }> {
  if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new Error('The amount must be a positive number of cents.')
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    excluded_payment_method_types: [OTHER_METHOD[request.method]],
    line_items: [
      {
        quantity: 1,
        price_data: { currency: 'eur', unit_amount: request.amountCents, product_data: { name: request.description } },
      },
    ],
    client_reference_id: String(request.orderId),
    metadata: { order_id: String(request.orderId) },
    payment_intent_data: { metadata: { order_id: String(request.orderId) } },
    customer_email: request.customerEmail,
    locale: request.locale,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    expires_at: Math.floor(Date.now() / 1000) + 30 * 60,
  })
  if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL.')
  return { id: session.id, url: session.url }
}
