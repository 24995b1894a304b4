import type { Payload, TypedUser } from 'payload'
import type { Locale } from '@/i18n/locales'
import { findOwnOrder } from '@/orders/own-order'
import { noSuchOrder, type Outcome, refuse } from '@/orders/outcome'
import { createCheckoutSession } from './stripe-checkout'
import { stripeClient, stripeSettings } from './stripe-client'

export const ONLINE_PAYMENT_UNAVAILABLE = 'Card and PayPal payments are not available right now. Please choose prepayment by bank transfer.'

/**
 * Starts (or starts again) the online payment of one of the caller's unpaid card or PayPal orders:
 * a Stripe Checkout Session for the order's stored total, whose page the browser opens. The order
 * becomes paid only when Stripe's signed webhook says so (src/payments/stripe-webhook.ts).
 */
export async function startOnlinePayment(
  payload: Payload,
  customer: TypedUser,
  orderId: number | null,
  { locale, origin }: { locale: Locale; origin: string },
): Promise<Outcome<{ url: string }>> {
  const order = orderId === null ? null : await findOwnOrder(payload, customer, orderId)
  if (!order) return noSuchOrder()
  if (order.status !== 'pending_payment') return refuse(409, 'This order is not awaiting payment.')
  if (order.payment_method === 'prepayment') return refuse(409, 'This order is paid by bank transfer; the bank details are on its page.')
  const settings = stripeSettings()
  if (!settings) return refuse(503, ONLINE_PAYMENT_UNAVAILABLE)

  const orderPage = `${origin}/account/orders/${order.id}`
  const session = await createCheckoutSession(stripeClient(settings), {
    orderId: order.id,
    description: `${order.package_name ?? order.package} – Bestellung ${order.id}`,
    amountCents: Math.round((order.total ?? 0) * 100),
    method: order.payment_method,
    customerEmail: customer.email,
    locale,
    successUrl: `${orderPage}?paid=1`,
    cancelUrl: orderPage,
  })
  // The server's own bookkeeping: which session was opened last, for the seller's reference.
  await payload.update({ collection: 'orders', id: order.id, data: { stripe_checkout_session: session.id }, depth: 0 })
  return { ok: true, value: { url: session.url } }
}
