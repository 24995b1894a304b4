import type { Payload, PayloadRequest, TypedUser } from 'payload'
import { releaseHits, takeSlots } from '@/auth/rate-limit'
import type { Locale } from '@/i18n/locales'
import { ONLINE_PAYMENT_UNAVAILABLE, type OnlinePaymentMethod, type PaymentMethod, paysOnline } from '@/rules/choices'
import { PAY_RATE } from '@/rules/limits'
import { totalCents } from '@/rules/pricing'
import { type Outcome, type Refusal, refuse } from '@/site/outcome'
import { withCustomerLocked } from '@/site/transaction'
import { createCheckoutSession, type EarlierSession, earlierSession, expireSession, type SaleReference } from './stripe-checkout'
import { stripeClient, type StripeSettings, stripeSettings } from './stripe-client'

const TOO_MANY_PAYMENT_CALLS = 'You have opened the payment page very often just now. Please wait a few minutes and try again.'
const beingConfirmed = (noun: string) => `A payment for this ${noun} is being confirmed. Please reload the page in a moment.`
const beingPrepared = (noun: string) => `The payment page for this ${noun} is being prepared just now. Please try again in a moment.`

/**
 * Who is opening a new payment page for a sale, one at a time: a rate-limit row with room for
 * one (src/auth/rate-limit.ts), given back when done, gone by itself after this many minutes if
 * the server died meanwhile. Longer than the Stripe calls it covers can take (two calls, each at
 * most 20 s and one retry: src/payments/stripe-client.ts).
 */
const NEW_PAGE_LEASE_MINUTES = 2

/** What a sale paid online stores: its status, method, total and the one Checkout Session that may be paid. */
export type PayableRow = { id: number; status: string; payment_method: PaymentMethod; total?: number | null; stripe_checkout_session?: string | null }

/** One kind of sale (an order, a purchase) as the payment page sees it. */
export type PayableSale<Row extends PayableRow> = {
  reference: SaleReference
  /** The caller's own sale, read as the caller (inside `req`'s transaction when given), or null. */
  read: (req?: PayloadRequest) => Promise<Row | null>
  /** The answer for a sale that is not the caller's. */
  missing: () => Refusal
  /** Stores the session the sale may be paid with, in `req`'s transaction under its locks. */
  storeSession: (req: PayloadRequest, sessionId: string) => Promise<unknown>
  /** Printed on the customer's statement and in Stripe's dashboard. */
  description: (row: Row) => string
  /** The sale's page in the account, where Stripe sends the customer back. */
  pageUrl: string
}

const NOUN: Record<SaleReference['kind'], string> = { order: 'order', purchase: 'purchase' }

/** What the sale must be for a payment page: the caller's, unpaid, paid by card or PayPal, something to pay. */
function notPayable(sale: PayableSale<PayableRow>, row: PayableRow | null, settings: StripeSettings | null): Refusal | null {
  const noun = NOUN[sale.reference.kind]
  if (!row) return sale.missing()
  if (row.status !== 'pending_payment') return refuse(409, `This ${noun} is not awaiting payment.`)
  if (!paysOnline(row.payment_method)) return refuse(409, `This ${noun} is paid by bank transfer; the bank details are on its page.`)
  if (!settings) return refuse(503, ONLINE_PAYMENT_UNAVAILABLE)
  return null
}

/**
 * Starts (or starts again) the online payment of one of the caller's unpaid card or PayPal sales:
 * a Stripe Checkout Session for its stored total, whose page the browser opens. The sale becomes
 * paid only when Stripe's signed webhook says so (src/payments/stripe-webhook.ts).
 *
 * One open session per sale, and no database transaction or lock held while Stripe answers
 * (docs/architecture.md, the write-path rule): the sale is read, Stripe is asked about the session
 * stored on it, and a session still open is offered again. Only to replace it (or open the first)
 * does the request take the sale's new-page lease; it then expires the old session, opens a new
 * one, and stores it in a short transaction under the customer's and the sale's locks that checks
 * the sale is still unpaid and still names the session it started from. If not, the new session
 * is expired again and never shown, so the customer cannot pay one sale on two pages.
 */
export async function startSalePayment<Row extends PayableRow>(
  payload: Payload,
  customer: TypedUser,
  sale: PayableSale<Row>,
  { locale }: { locale: Locale },
): Promise<Outcome<{ url: string }>> {
  const slot = await takeSlots(payload, [{ key: `pay-customer:${customer.id}`, max: PAY_RATE.perCustomer, windowMinutes: PAY_RATE.windowMinutes }])
  if (!slot) return refuse(429, TOO_MANY_PAYMENT_CALLS, { code: 'too_many_requests', retryAfterSeconds: 60 })
  const settings = stripeSettings()
  const noun = NOUN[sale.reference.kind]
  const generic = sale as unknown as PayableSale<PayableRow>
  // The order's lease key stays as it was; a purchase's is its own.
  const leaseKey = sale.reference.kind === 'order' ? `checkout-new-page:${sale.reference.id}` : `checkout-new-page:purchase-${sale.reference.id}`

  // A second round only when another request replaced the page between our look and our lease.
  for (let round = 0; round < 2; round++) {
    const row = await sale.read()
    const refusal = notPayable(generic, row, settings)
    if (refusal) return refusal
    const stripe = stripeClient(settings!)
    const amountCents = totalCents(row!)
    const known = row!.stripe_checkout_session ?? null
    let earlier: EarlierSession | null = null
    if (known) {
      earlier = await earlierSession(stripe, known, amountCents)
      if ('reuse' in earlier) return { ok: true, value: earlier.reuse }
      if ('paymentUnderWay' in earlier) return refuse(409, beingConfirmed(noun))
    }

    const lease = await takeSlots(payload, [{ key: leaseKey, max: 1, windowMinutes: NEW_PAGE_LEASE_MINUTES }])
    if (!lease) return refuse(409, beingPrepared(noun), { code: 'busy', retryAfterSeconds: 2 })
    try {
      const current = await sale.read()
      if ((current?.stripe_checkout_session ?? null) !== known) continue
      if (known && earlier && 'replace' in earlier && earlier.replace === 'open' && (await expireSession(stripe, known)) === 'complete') {
        return refuse(409, beingConfirmed(noun))
      }
      const session = await createCheckoutSession(stripe, {
        sale: sale.reference,
        description: sale.description(row!),
        amountCents,
        method: row!.payment_method as OnlinePaymentMethod,
        customerEmail: customer.email,
        locale,
        successUrl: `${sale.pageUrl}?paid=1`,
        cancelUrl: sale.pageUrl,
      })
      const stored = await storeSession(payload, customer, generic, { known, amountCents, created: session.id }).catch(async (error: unknown) => {
        await expireSession(stripe, session.id).catch(() => {})
        throw error
      })
      if (stored !== true) {
        // Never shown to anybody: expired, so it cannot be paid beside the sale's own page.
        await expireSession(stripe, session.id)
        return stored
      }
      return { ok: true, value: { url: session.url } }
    } finally {
      await releaseHits(payload, lease)
    }
  }
  return refuse(409, beingPrepared(noun), { code: 'busy', retryAfterSeconds: 2 })
}

/**
 * Stores the new session on the sale, in a short transaction under the customer's and the sale's
 * locks, if the sale is still what the page was made for: unpaid, the same total, and still naming
 * the session the request started from (`known`). True, or the refusal to answer instead.
 */
async function storeSession(
  payload: Payload,
  customer: TypedUser,
  sale: PayableSale<PayableRow>,
  { known, amountCents, created }: { known: string | null; amountCents: number; created: string },
): Promise<true | Refusal> {
  const locking = sale.reference.kind === 'order' ? { orderId: sale.reference.id } : { purchaseId: sale.reference.id }
  return withCustomerLocked(payload, customer, locking, { orderPage: true }, async (req): Promise<true | Refusal> => {
    const row = await sale.read(req)
    const refusal = notPayable(sale, row, stripeSettings())
    if (refusal) return refusal
    if ((row!.stripe_checkout_session ?? null) !== known || totalCents(row!) !== amountCents)
      return refuse(409, beingPrepared(NOUN[sale.reference.kind]), { code: 'busy', retryAfterSeconds: 2 })
    // The server's own bookkeeping: the one session that may be paid.
    await sale.storeSession(req, created)
    return true
  })
}
