import type { Payload, TypedUser } from 'payload'
import type { Order } from '../../payload-types'
import { releaseHits, takeSlots } from '@/auth/rate-limit'
import type { Locale } from '@/i18n/locales'
import { findOwnOrder, noSuchOrder } from '@/orders/own-order'
import { totalCents } from '@/rules/pricing'
import { ONLINE_PAYMENT_UNAVAILABLE, type OnlinePaymentMethod, packageLabel, paysOnline } from '@/rules/choices'
import { PAY_RATE } from '@/rules/limits'
import { type Outcome, type Refusal, refuse } from '@/site/outcome'
import { withCustomerLocked } from '@/site/transaction'
import { createCheckoutSession, type EarlierSession, earlierSession, expireSession } from './stripe-checkout'
import { stripeClient, type StripeSettings, stripeSettings } from './stripe-client'

const TOO_MANY_PAYMENT_CALLS = 'You have opened the payment page very often just now. Please wait a few minutes and try again.'
const PAYMENT_BEING_CONFIRMED = 'A payment for this order is being confirmed. Please reload the page in a moment.'
const PAGE_BEING_PREPARED = 'The payment page for this order is being prepared just now. Please try again in a moment.'

/**
 * Who is opening a new payment page for an order, one at a time: a rate-limit row with room for
 * one (src/auth/rate-limit.ts), given back when done, gone by itself after this many minutes if
 * the server died meanwhile. Longer than the Stripe calls it covers can take (two calls, each at
 * most 20 s and one retry: src/payments/stripe-client.ts).
 */
const NEW_PAGE_LEASE_MINUTES = 2

/** What the order must be for a payment page: the caller's, unpaid, paid by card or PayPal. */
function notPayable(order: Order | null, settings: StripeSettings | null): Refusal | null {
  if (!order) return noSuchOrder()
  if (order.status !== 'pending_payment') return refuse(409, 'This order is not awaiting payment.')
  if (!paysOnline(order.payment_method)) return refuse(409, 'This order is paid by bank transfer; the bank details are on its page.')
  if (!settings) return refuse(503, ONLINE_PAYMENT_UNAVAILABLE)
  return null
}

/**
 * Starts (or starts again) the online payment of one of the caller's unpaid card or PayPal orders:
 * a Stripe Checkout Session for the order's stored total, whose page the browser opens. The order
 * becomes paid only when Stripe's signed webhook says so (src/payments/stripe-webhook.ts).
 *
 * One open session per order, and no database transaction or lock held while Stripe answers
 * (docs/architecture.md, the write-path rule): the order is read, Stripe is asked about the session
 * stored on it, and a session still open is offered again. Only to replace it (or open the first)
 * does the request take the order's new-page lease; it then expires the old session, opens a new
 * one, and stores it in a short transaction under the customer's and the order's locks that checks
 * the order is still unpaid and still names the session it started from. If not, the new session
 * is expired again and never shown, so the customer cannot pay one order on two pages.
 */
export async function startOnlinePayment(
  payload: Payload,
  customer: TypedUser,
  orderId: number | null,
  { locale, origin }: { locale: Locale; origin: string },
): Promise<Outcome<{ url: string }>> {
  if (orderId === null) return noSuchOrder()
  const slot = await takeSlots(payload, [{ key: `pay-customer:${customer.id}`, max: PAY_RATE.perCustomer, windowMinutes: PAY_RATE.windowMinutes }])
  if (!slot) return refuse(429, TOO_MANY_PAYMENT_CALLS, { code: 'too_many_requests', retryAfterSeconds: 60 })
  const settings = stripeSettings()

  // A second round only when another request replaced the page between our look and our lease.
  for (let round = 0; round < 2; round++) {
    const order = await findOwnOrder(payload, customer, orderId)
    const refusal = notPayable(order, settings)
    if (refusal) return refusal
    const stripe = stripeClient(settings!)
    const amountCents = totalCents(order!)
    const known = order!.stripe_checkout_session ?? null
    let earlier: EarlierSession | null = null
    if (known) {
      earlier = await earlierSession(stripe, known, amountCents)
      if ('reuse' in earlier) return { ok: true, value: earlier.reuse }
      if ('paymentUnderWay' in earlier) return refuse(409, PAYMENT_BEING_CONFIRMED)
    }

    const lease = await takeSlots(payload, [{ key: `checkout-new-page:${orderId}`, max: 1, windowMinutes: NEW_PAGE_LEASE_MINUTES }])
    if (!lease) return refuse(409, PAGE_BEING_PREPARED, { code: 'busy', retryAfterSeconds: 2 })
    try {
      const current = await findOwnOrder(payload, customer, orderId)
      if ((current?.stripe_checkout_session ?? null) !== known) continue
      if (known && earlier && 'replace' in earlier && earlier.replace === 'open' && (await expireSession(stripe, known)) === 'complete') {
        return refuse(409, PAYMENT_BEING_CONFIRMED)
      }
      const orderPage = `${origin}/account/orders/${orderId}`
      const session = await createCheckoutSession(stripe, {
        orderId,
        description: `${packageLabel(order!)} – Bestellung ${orderId}`,
        amountCents,
        method: order!.payment_method as OnlinePaymentMethod,
        customerEmail: customer.email,
        locale,
        successUrl: `${orderPage}?paid=1`,
        cancelUrl: orderPage,
      })
      const stored = await storeSession(payload, customer, orderId, { known, amountCents, created: session.id }).catch(async (error: unknown) => {
        await expireSession(stripe, session.id).catch(() => {})
        throw error
      })
      if (stored !== true) {
        // Never shown to anybody: expired, so it cannot be paid beside the order's own page.
        await expireSession(stripe, session.id)
        return stored
      }
      return { ok: true, value: { url: session.url } }
    } finally {
      await releaseHits(payload, lease)
    }
  }
  return refuse(409, PAGE_BEING_PREPARED, { code: 'busy', retryAfterSeconds: 2 })
}

/**
 * Stores the new session on the order, in a short transaction under the customer's and the order's
 * locks, if the order is still what the page was made for: unpaid, the same total, and still naming
 * the session the request started from (`known`). True, or the refusal to answer instead.
 */
async function storeSession(
  payload: Payload,
  customer: TypedUser,
  orderId: number,
  { known, amountCents, created }: { known: string | null; amountCents: number; created: string },
): Promise<true | Refusal> {
  return withCustomerLocked(payload, customer, { orderId }, { orderPage: true }, async (req): Promise<true | Refusal> => {
    const order = await findOwnOrder(payload, customer, orderId, req)
    const refusal = notPayable(order, stripeSettings())
    if (refusal) return refusal
    if ((order!.stripe_checkout_session ?? null) !== known || totalCents(order!) !== amountCents)
      return refuse(409, PAGE_BEING_PREPARED, { code: 'busy', retryAfterSeconds: 2 })
    // The server's own bookkeeping: the one session that may be paid.
    await payload.update({ collection: 'orders', id: orderId, data: { stripe_checkout_session: created }, depth: 0, req })
    return true
  })
}
