import type { Payload, TypedUser } from 'payload'
import type { Locale } from '@/i18n/locales'
import { findOwnOrder, noSuchOrder } from '@/orders/own-order'
import { packageLabel } from '@/rules/choices'
import type { Outcome } from '@/site/outcome'
import { startSalePayment } from './start-payment'

/**
 * Starts (or starts again) the online payment of one of the caller's unpaid card or PayPal orders
 * (POST /api/orders/{id}/pay/): `{ url }` of Stripe's page for the order's stored total, one open
 * session per order, no transaction held while Stripe answers (src/payments/start-payment.ts).
 */
export async function startOnlinePayment(
  payload: Payload,
  customer: TypedUser,
  orderId: number | null,
  { locale, origin }: { locale: Locale; origin: string },
): Promise<Outcome<{ url: string }>> {
  if (orderId === null) return noSuchOrder()
  return startSalePayment(
    payload,
    customer,
    {
      reference: { kind: 'order', id: orderId },
      read: (req) => findOwnOrder(payload, customer, orderId, req),
      missing: noSuchOrder,
      storeSession: (req, sessionId) => payload.update({ collection: 'orders', id: orderId, data: { stripe_checkout_session: sessionId }, depth: 0, req }),
      description: (order) => `${packageLabel(order)} – Bestellung ${orderId}`,
      pageUrl: `${origin}/account/orders/${orderId}`,
    },
    { locale },
  )
}
