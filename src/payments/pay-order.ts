import type { Payload, TypedUser } from 'payload'
import type { Locale } from '@/i18n/locales'
import { findOwnOrder, noSuchOrder } from '@/orders/own-order'
import { totalCents } from '@/rules/pricing'
import { type Outcome, refuse } from '@/site/outcome'
import { withCustomerLocked } from '@/site/transaction'
import { createCheckoutSession, earlierSession } from './stripe-checkout'
import { stripeClient, stripeSettings } from './stripe-client'

export const ONLINE_PAYMENT_UNAVAILABLE = 'Card and PayPal payments are not available right now. Please choose prepayment by bank transfer.'

/**
 * Starts (or starts again) the online payment of one of the caller's unpaid card or PayPal orders:
 * a Stripe Checkout Session for the order's stored total, whose page the browser opens. One open
 * session per order: under the order's lock, a session still open is offered again and an older
 * one is expired before a new one is made, so the customer cannot pay the same order twice on two
 * pages. The order becomes paid only when Stripe's signed webhook says so (src/payments/stripe-webhook.ts).
 */
export async function startOnlinePayment(
  payload: Payload,
  customer: TypedUser,
  orderId: number | null,
  { locale, origin }: { locale: Locale; origin: string },
): Promise<Outcome<{ url: string }>> {
  if (orderId === null) return noSuchOrder()
  const settings = stripeSettings()
  return withCustomerLocked(payload, customer, { orderId }, { orderPage: true }, async (req): Promise<Outcome<{ url: string }>> => {
    const order = await findOwnOrder(payload, customer, orderId, req)
    if (!order) return noSuchOrder()
    if (order.status !== 'pending_payment') return refuse(409, 'This order is not awaiting payment.')
    if (order.payment_method === 'prepayment') return refuse(409, 'This order is paid by bank transfer; the bank details are on its page.')
    if (!settings) return refuse(503, ONLINE_PAYMENT_UNAVAILABLE)

    const stripe = stripeClient(settings)
    const amountCents = totalCents(order)
    if (order.stripe_checkout_session) {
      const earlier = await earlierSession(stripe, order.stripe_checkout_session, amountCents)
      if ('reuse' in earlier) return { ok: true, value: earlier.reuse }
      if ('paymentUnderWay' in earlier) return refuse(409, 'A payment for this order is being confirmed. Please reload the page in a moment.')
    }
    const orderPage = `${origin}/account/orders/${order.id}`
    const session = await createCheckoutSession(stripe, {
      orderId: order.id,
      description: `${order.package_name ?? order.package} – Bestellung ${order.id}`,
      amountCents,
      method: order.payment_method,
      customerEmail: customer.email,
      locale,
      successUrl: `${orderPage}?paid=1`,
      cancelUrl: orderPage,
    })
    // The server's own bookkeeping, in the order's transaction: the one session that may be paid.
    await payload.update({ collection: 'orders', id: order.id, data: { stripe_checkout_session: session.id }, depth: 0, req })
    return { ok: true, value: { url: session.url } }
  })
}
