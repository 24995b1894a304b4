import type { Payload, TypedUser } from 'payload'
import type { Locale } from '@/i18n/locales'
import { findOwnPurchase, noSuchPurchase } from '@/purchases/own-purchase'
import type { Outcome } from '@/site/outcome'
import { startSalePayment } from './start-payment'

/**
 * Starts (or starts again) the online payment of one of the caller's unpaid card or PayPal
 * purchases of music (POST /api/purchases/{id}/pay/): `{ url }` of Stripe's page for the stored
 * total, with the rules of an order's payment page (src/payments/start-payment.ts). Stripe sends
 * the buyer back to the purchase's page in the account (`/account/purchases/{id}`, as an order's).
 */
export async function startPurchasePayment(
  payload: Payload,
  customer: TypedUser,
  purchaseId: number | null,
  { locale, origin }: { locale: Locale; origin: string },
): Promise<Outcome<{ url: string }>> {
  if (purchaseId === null) return noSuchPurchase()
  return startSalePayment(
    payload,
    customer,
    {
      reference: { kind: 'purchase', id: purchaseId },
      read: (req) => findOwnPurchase(payload, customer, purchaseId, req),
      missing: noSuchPurchase,
      storeSession: (req, sessionId) =>
        payload.update({ collection: 'purchases', id: purchaseId, data: { stripe_checkout_session: sessionId }, depth: 0, req }),
      description: (purchase) => `${purchase.lines.map((line) => line.title).join(', ')} – Musikkauf ${purchaseId}`.slice(0, 250),
      pageUrl: `${origin}/account/purchases/${purchaseId}`,
    },
    { locale },
  )
}
