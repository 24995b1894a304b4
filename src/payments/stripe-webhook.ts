import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest, type RequestContext } from 'payload'
import type Stripe from 'stripe'
import type { Order, Purchase } from '../../payload-types'
import { canChangeStatus, isOrderStatus } from '@/orders/status'
import { toEuros, totalCents } from '@/rules/pricing'
import { insideTransaction } from '@/site/outside-transactions'
import { canChangePurchaseStatus, isPurchaseStatus } from '@/purchases/status'
import { lockOrderRows, lockPurchaseRows, withOrderLocked } from '@/site/transaction'
import { refundExtraPayment } from './stripe-checkout'
import { stripeClient, type StripeSettings } from './stripe-client'
import { type PaymentSignal, paymentSignal, verifiedStripeEvent } from './stripe-events'

export type WebhookAnswer = { status: 200 | 400; body: { received: boolean; outcome?: string; detail?: string } }

const STRIPE_CONTEXT = { statusActor: 'stripe' } satisfies RequestContext

/**
 * Handles one delivery of Stripe's webhook: checks the signature over the raw body, then applies
 * the event once. The event's id is stored in the same transaction as its effect, so a replay (or
 * two deliveries at once) changes nothing; the order's row is locked before it is read, so two
 * different events about one order are applied one after the other, each to the order as the other
 * left it. Events for unknown orders, or that no longer fit the order's state, are recorded, logged
 * and acknowledged, so Stripe does not retry them forever.
 */
export async function receiveStripeWebhook(payload: Payload, settings: StripeSettings, rawBody: string, signature: string | null): Promise<WebhookAnswer> {
  const stripe = stripeClient(settings)
  const event = verifiedStripeEvent(stripe, rawBody, signature, settings.webhookSecret)
  if (!event) return { status: 400, body: { received: false, detail: 'The Stripe-Signature header does not match this body.' } }

  const signal = paymentSignal(event)
  const req = await createLocalReq({ context: STRIPE_CONTEXT }, payload)
  await initTransaction(req)
  try {
    const applied = await insideTransaction(`Stripe event ${event.id}`, async () => {
      const seen = await payload.count({ collection: 'payment-events', where: { event_id: { equals: event.id } }, req })
      if (seen.totalDocs > 0) return null
      const done = await applySignal(payload, req, signal)
      // The unique event id makes a concurrent second delivery fail here and roll back its effect.
      await payload.create({
        collection: 'payment-events',
        data: { event_id: event.id, type: event.type, order: done.orderId, purchase: done.purchaseId ?? null, outcome: done.outcome },
        req,
      })
      return done
    })
    if (!applied) {
      await killTransaction(req)
      return { status: 200, body: { received: true, outcome: 'duplicate' } }
    }
    await commitTransaction(req)
    // Stripe is called only now, with the transaction ended (docs/architecture.md, the write-path rule).
    const outcome = applied.afterCommit ? await applied.afterCommit(stripe, req) : applied.outcome
    if (!['paid', 'refunded', 'cancelled'].includes(outcome)) payload.logger.info(`Stripe event ${event.id} (${event.type}): ${outcome}`)
    return { status: 200, body: { received: true, outcome } }
  } catch (error) {
    await killTransaction(req)
    const duplicate = await payload.count({ collection: 'payment-events', where: { event_id: { equals: event.id } } })
    if (duplicate.totalDocs > 0) return { status: 200, body: { received: true, outcome: 'duplicate' } }
    throw error
  }
}

/** What an event did (to which order or purchase), and what is left to do once its transaction is committed (a call to Stripe), answering the final outcome. */
type Applied = { outcome: string; orderId: number | null; purchaseId?: number; afterCommit?: (stripe: Stripe, req: PayloadRequest) => Promise<string> }

/** The order a signal is about, locked and read in `req`'s transaction, or null. */
async function lockedOrder(payload: Payload, req: PayloadRequest, where: { id: number } | { paymentIntent: string }): Promise<Order | null> {
  let id: number | null = 'id' in where ? where.id : null
  if (id === null && 'paymentIntent' in where) {
    const { docs } = await payload.find({ collection: 'orders', where: { stripe_payment_intent: { equals: where.paymentIntent } }, limit: 1, depth: 0, req })
    id = docs[0]?.id ?? null
  }
  if (id === null) return null
  await lockOrderRows(payload, req, id)
  const { docs } = await payload.find({ collection: 'orders', where: { id: { equals: id } }, limit: 1, depth: 0, req })
  return docs[0] ?? null
}

type Incident = NonNullable<Order['payment_incidents']>[number]

/** The order's payment incidents with one added or, when one with this reference exists, changed. */
function withIncident(order: Order, reference: string, change: Omit<Incident, 'reference' | 'id'>): Incident[] {
  const incidents = order.payment_incidents ?? []
  const existing = incidents.find((incident) => incident.reference === reference)
  if (existing) return incidents.map((incident) => (incident === existing ? { ...incident, ...change, opened_at: incident.opened_at } : incident))
  return [...incidents, { reference, ...change }]
}

async function applySignal(payload: Payload, req: PayloadRequest, signal: PaymentSignal): Promise<Applied> {
  if (signal.kind === 'ignored') return { outcome: `ignored: ${signal.reason}`, orderId: null }
  if (signal.kind !== 'refunded' && signal.kind !== 'dispute' && 'purchaseId' in signal)
    return applyPurchaseSignal(payload, req, signal, await lockedPurchase(payload, req, { id: signal.purchaseId }))
  const order =
    signal.kind === 'refunded' || signal.kind === 'dispute'
      ? ((signal.paymentIntentId ? await lockedOrder(payload, req, { paymentIntent: signal.paymentIntentId }) : null) ??
        (signal.kind === 'refunded' && signal.orderId !== null ? await lockedOrder(payload, req, { id: signal.orderId }) : null))
      : await lockedOrder(payload, req, { id: (signal as { orderId: number }).orderId })
  if (!order && (signal.kind === 'refunded' || signal.kind === 'dispute')) {
    // Not an order's payment: perhaps a purchase's (found by its payment, or named by the refund).
    const purchase =
      (signal.paymentIntentId ? await lockedPurchase(payload, req, { paymentIntent: signal.paymentIntentId }) : null) ??
      (signal.kind === 'refunded' && signal.purchaseId !== null ? await lockedPurchase(payload, req, { id: signal.purchaseId }) : null)
    if (purchase) return applyPurchaseSignal(payload, req, signal, purchase)
  }
  if (!order || !isOrderStatus(order.status)) return { outcome: 'unknown order', orderId: null }
  const applied = (outcome: string): Applied => ({ outcome, orderId: order.id })
  const save = (data: Partial<Order>) => payload.update({ collection: 'orders', id: order.id, data, depth: 0, req, context: STRIPE_CONTEXT })
  const moveTo = async (status: Order['status'], extra: Partial<Order> = {}) => {
    await save({ ...extra, status })
    return applied(status)
  }
  const now = new Date().toISOString()

  switch (signal.kind) {
    case 'paid': {
      if (order.status !== 'pending_payment') {
        // The same payment told again by another event (e.g. async success after completion).
        if (signal.paymentIntentId !== null && signal.paymentIntentId === order.stripe_payment_intent) return applied(`not awaiting payment (${order.status})`)
        return applyExtraPayment(payload, order, signal, save)
      }
      const dueCents = totalCents(order)
      // Never mark an order paid for less (or more) than it costs: the seller looks at it in Stripe.
      if (signal.amountCents !== dueCents) return applied(`amount ${signal.amountCents} differs from the order's ${dueCents} cents`)
      return moveTo('paid', { stripe_checkout_session: signal.sessionId, stripe_payment_intent: signal.paymentIntentId })
    }
    case 'payment_failed':
      return applied('payment failed; the order stays open to pay again')
    case 'session_expired':
      return applied('payment page expired; the order stays open to pay again')
    case 'refunded': {
      const refundsItsPayment = signal.paymentIntentId !== null && signal.paymentIntentId === order.stripe_payment_intent
      if (!refundsItsPayment) {
        // A refund that overtakes its payment's event: the order is closed with that payment
        // noted, and the late payment event then changes nothing.
        if (order.status === 'pending_payment' && !order.stripe_payment_intent && signal.fullyRefunded) {
          return moveTo('cancelled', { stripe_payment_intent: signal.paymentIntentId })
        }
        const incidents = signal.paymentIntentId ? order.payment_incidents?.some((incident) => incident.reference === signal.paymentIntentId) : false
        if (incidents && signal.fullyRefunded) {
          await save({
            payment_incidents: withIncident(order, signal.paymentIntentId!, { kind: 'duplicate_payment', state: 'refunded', closed_at: now, resolved: true }),
          })
        }
        return applied(`refund of another payment (${signal.paymentIntentId ?? 'unknown'}); the order is unchanged`)
      }
      if (!signal.fullyRefunded) return applied(`partly refunded (${signal.amountRefundedCents} cents)`)
      if (!canChangeStatus(order.status, 'refunded', 'stripe')) return applied(`not refundable (${order.status})`)
      return moveTo('refunded')
    }
    case 'dispute': {
      const state = `${signal.status} (${signal.reason})`
      // A chargeback won needs nothing more; an open or lost one stays a task for the seller.
      const resolved = signal.closed && signal.status === 'won'
      await save({
        payment_incidents: withIncident(order, signal.disputeId, {
          kind: 'dispute',
          amount: toEuros(signal.amountCents),
          state,
          opened_at: now,
          closed_at: signal.closed ? now : null,
          resolved,
        }),
      })
      return applied(`dispute ${signal.closed ? 'closed' : 'recorded'}: ${state}`)
    }
  }
}

/**
 * A payment for an order that is not awaiting one (paid twice, or paid after it was closed): the
 * money is given back through Stripe at once; if Stripe refuses, the payment stays on the order as
 * an open incident, which the seller's dashboard lists until it is dealt with. The incident is
 * noted in the event's transaction; the refund is asked for after it is committed, and its answer
 * noted in a second short transaction under the order's lock. Should the server stop in between,
 * the incident stays open ("refund requested") for the seller; a later event about the same
 * payment asks again, and the idempotency key makes it the same refund.
 */
async function applyExtraPayment(
  payload: Payload,
  order: Order,
  signal: Extract<PaymentSignal, { kind: 'paid' }>,
  save: (data: Partial<Order>) => Promise<unknown>,
): Promise<Applied> {
  const reference = signal.paymentIntentId ?? signal.sessionId
  const incident = { kind: 'duplicate_payment' as const, amount: toEuros(signal.amountCents), opened_at: new Date().toISOString() }
  const paymentIntentId = signal.paymentIntentId
  if (!paymentIntentId) {
    await save({ payment_incidents: withIncident(order, reference, { ...incident, state: 'no payment to refund automatically', resolved: false }) })
    return { outcome: `extra payment without a payment intent (${order.status}); left to the seller`, orderId: order.id }
  }
  await save({ payment_incidents: withIncident(order, reference, { ...incident, state: 'refund requested', resolved: false }) })
  const noteOnOrder = (req: PayloadRequest, change: Partial<Incident>) =>
    withOrderLocked(req, order.id, async () => {
      const current = await payload.findByID({ collection: 'orders', id: order.id, depth: 0, req })
      await payload.update({
        collection: 'orders',
        id: order.id,
        data: { payment_incidents: withIncident(current, reference, { ...incident, ...change }) },
        depth: 0,
        req,
        context: STRIPE_CONTEXT,
      })
    })
  return {
    outcome: `extra payment (${order.status}); refund requested`,
    orderId: order.id,
    afterCommit: async (stripe, req) => {
      try {
        const refund = await refundExtraPayment(stripe, paymentIntentId, { kind: 'order', id: order.id })
        await noteOnOrder(req, { state: `refund ${refund.id}: ${refund.status ?? 'requested'}`, closed_at: new Date().toISOString(), resolved: true })
        return `extra payment refunded (${order.status})`
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error)
        await noteOnOrder(req, { state: `refund failed: ${why}`.slice(0, 300), resolved: false })
        return `extra payment (${order.status}); the refund failed and is left to the seller`
      }
    },
  }
}

/** The purchase a signal is about, locked and read in `req`'s transaction, or null. */
async function lockedPurchase(payload: Payload, req: PayloadRequest, where: { id: number } | { paymentIntent: string }): Promise<Purchase | null> {
  let id: number | null = 'id' in where ? where.id : null
  if (id === null && 'paymentIntent' in where) {
    const { docs } = await payload.find({ collection: 'purchases', where: { stripe_payment_intent: { equals: where.paymentIntent } }, limit: 1, depth: 0, req })
    id = docs[0]?.id ?? null
  }
  if (id === null) return null
  await lockPurchaseRows(payload, req, id)
  const { docs } = await payload.find({ collection: 'purchases', where: { id: { equals: id } }, limit: 1, depth: 0, req })
  return docs[0] ?? null
}

/**
 * An event about a purchase of music, applied under the purchase's row lock: paid (for its stored
 * total: the hooks issue the invoice and put the music into the buyer's library in this
 * transaction; the payer's country is kept as the second piece of country evidence), refunded in
 * full (cancellation invoice, download rights end), a refund that overtook its payment (the unpaid
 * purchase is cancelled). A second payment of a purchase no longer awaiting one is refunded
 * through Stripe after the commit. A dispute is recorded in the payment events for the seller.
 */
async function applyPurchaseSignal(
  payload: Payload,
  req: PayloadRequest,
  signal: Exclude<PaymentSignal, { kind: 'ignored' }>,
  purchase: Purchase | null,
): Promise<Applied> {
  if (!purchase || !isPurchaseStatus(purchase.status)) return { outcome: 'unknown purchase', orderId: null }
  const applied = (outcome: string): Applied => ({ outcome, orderId: null, purchaseId: purchase.id })
  const moveTo = async (status: Purchase['status'], extra: Partial<Purchase> = {}) => {
    await payload.update({ collection: 'purchases', id: purchase.id, data: { ...extra, status }, depth: 0, req, context: STRIPE_CONTEXT })
    return applied(status)
  }
  switch (signal.kind) {
    case 'paid': {
      if (purchase.status !== 'pending_payment') {
        if (signal.paymentIntentId !== null && signal.paymentIntentId === purchase.stripe_payment_intent)
          return applied(`not awaiting payment (${purchase.status})`)
        const paymentIntentId = signal.paymentIntentId
        if (!paymentIntentId) return applied(`extra payment without a payment intent (${purchase.status}); left to the seller`)
        return {
          ...applied(`extra payment (${purchase.status}); refund requested`),
          afterCommit: async (stripe) => {
            try {
              const refund = await refundExtraPayment(stripe, paymentIntentId, { kind: 'purchase', id: purchase.id })
              return `extra payment refunded (${purchase.status}): refund ${refund.id}`
            } catch (error) {
              payload.logger.error(`The extra payment ${paymentIntentId} of purchase ${purchase.id} could not be refunded: ${String(error)}`)
              return `extra payment (${purchase.status}); the refund failed and is left to the seller`
            }
          },
        }
      }
      const dueCents = totalCents(purchase)
      if (signal.amountCents !== dueCents) return applied(`amount ${signal.amountCents} differs from the purchase's ${dueCents} cents`)
      return moveTo('paid', { stripe_checkout_session: signal.sessionId, stripe_payment_intent: signal.paymentIntentId, card_country: signal.cardCountry })
    }
    case 'payment_failed':
      return applied('payment failed; the purchase stays open to pay again')
    case 'session_expired':
      return applied('payment page expired; the purchase stays open to pay again')
    case 'refunded': {
      if (signal.paymentIntentId === null || signal.paymentIntentId !== purchase.stripe_payment_intent) {
        if (purchase.status === 'pending_payment' && !purchase.stripe_payment_intent && signal.fullyRefunded)
          return moveTo('cancelled', { stripe_payment_intent: signal.paymentIntentId })
        return applied(`refund of another payment (${signal.paymentIntentId ?? 'unknown'}); the purchase is unchanged`)
      }
      if (!signal.fullyRefunded) return applied(`partly refunded (${signal.amountRefundedCents} cents)`)
      if (!canChangePurchaseStatus(purchase.status, 'refunded', 'stripe')) return applied(`not refundable (${purchase.status})`)
      return moveTo('refunded')
    }
    case 'dispute':
      return applied(`dispute ${signal.closed ? 'closed' : 'recorded'}: ${signal.status} (${signal.reason}), ${toEuros(signal.amountCents)} EUR`)
  }
}
