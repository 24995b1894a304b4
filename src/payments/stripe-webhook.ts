import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest, type Where } from 'payload'
import { STATUS_ACTOR_CONTEXT } from '@collections/hooks/guardStatusChange'
import type { Order } from '../../payload-types'
import { canChangeStatus, isOrderStatus } from '@/orders/status'
import { stripeClient, type StripeSettings } from './stripe-client'
import { type PaymentSignal, paymentSignal, verifiedStripeEvent } from './stripe-events'

export type WebhookAnswer = { status: 200 | 400; body: { received: boolean; outcome?: string; detail?: string } }

const STRIPE_CONTEXT = { [STATUS_ACTOR_CONTEXT]: 'stripe' }

/**
 * Handles one delivery of Stripe's webhook: checks the signature over the raw body, then applies
 * the event once. The event's id is stored in the same transaction as its effect, so a replay (or
 * two deliveries at once) changes nothing; events for unknown orders, or that no longer fit the
 * order's state, are recorded, logged and acknowledged, so Stripe does not retry them forever.
 */
export async function receiveStripeWebhook(payload: Payload, settings: StripeSettings, rawBody: string, signature: string | null): Promise<WebhookAnswer> {
  const event = verifiedStripeEvent(stripeClient(settings), rawBody, signature, settings.webhookSecret)
  if (!event) return { status: 400, body: { received: false, detail: 'The Stripe-Signature header does not match this body.' } }

  const signal = paymentSignal(event)
  const req = await createLocalReq({ context: STRIPE_CONTEXT }, payload)
  await initTransaction(req)
  try {
    const seen = await payload.count({ collection: 'payment-events', where: { event_id: { equals: event.id } }, req })
    if (seen.totalDocs > 0) {
      await killTransaction(req)
      return { status: 200, body: { received: true, outcome: 'duplicate' } }
    }
    const { outcome, orderId } = await applySignal(payload, req, signal)
    // The unique event id makes a concurrent second delivery fail here and roll back its effect.
    await payload.create({ collection: 'payment-events', data: { event_id: event.id, type: event.type, order: orderId, outcome }, req })
    await commitTransaction(req)
    if (!['paid', 'refunded', 'cancelled'].includes(outcome)) payload.logger.info(`Stripe event ${event.id} (${event.type}): ${outcome}`)
    return { status: 200, body: { received: true, outcome } }
  } catch (error) {
    await killTransaction(req)
    const duplicate = await payload.count({ collection: 'payment-events', where: { event_id: { equals: event.id } } })
    if (duplicate.totalDocs > 0) return { status: 200, body: { received: true, outcome: 'duplicate' } }
    throw error
  }
}

type Applied = { outcome: string; orderId: number | null }

async function findOrder(payload: Payload, req: PayloadRequest, signal: PaymentSignal): Promise<Order | null> {
  if (signal.kind === 'ignored') return null
  const where: Where | null =
    signal.orderId !== null
      ? { id: { equals: signal.orderId } }
      : signal.kind === 'refunded' && signal.paymentIntentId
        ? { stripe_payment_intent: { equals: signal.paymentIntentId } }
        : null
  if (!where) return null
  const { docs } = await payload.find({ collection: 'orders', where, limit: 1, depth: 0, req })
  return docs[0] ?? null
}

async function applySignal(payload: Payload, req: PayloadRequest, signal: PaymentSignal): Promise<Applied> {
  if (signal.kind === 'ignored') return { outcome: `ignored: ${signal.reason}`, orderId: null }
  const order = await findOrder(payload, req, signal)
  if (!order || !isOrderStatus(order.status)) return { outcome: 'unknown order', orderId: null }
  const applied = (outcome: string): Applied => ({ outcome, orderId: order.id })
  const moveTo = async (status: Order['status'], extra: Partial<Order> = {}) => {
    await payload.update({ collection: 'orders', id: order.id, data: { ...extra, status }, depth: 0, req, context: STRIPE_CONTEXT })
    return applied(status)
  }

  switch (signal.kind) {
    case 'paid': {
      if (order.status !== 'pending_payment') return applied(`not awaiting payment (${order.status})`)
      const dueCents = Math.round((order.total ?? 0) * 100)
      // Never mark an order paid for less (or more) than it costs: the seller looks at it in Stripe.
      if (signal.amountCents !== dueCents) return applied(`amount ${signal.amountCents} differs from the order's ${dueCents} cents`)
      return moveTo('paid', { stripe_checkout_session: signal.sessionId, stripe_payment_intent: signal.paymentIntentId })
    }
    case 'payment_failed':
      return applied('payment failed; the order stays open to pay again')
    case 'session_expired':
      return applied('payment page expired; the order stays open to pay again')
    case 'refunded': {
      if (!signal.fullyRefunded) return applied(`partly refunded (${signal.amountRefundedCents} cents)`)
      // A refund that overtakes its payment's event: the order is closed, and the late payment event changes nothing.
      if (order.status === 'pending_payment') return moveTo('cancelled')
      if (!canChangeStatus(order.status, 'refunded', 'stripe')) return applied(`not refundable (${order.status})`)
      return moveTo('refunded')
    }
  }
}
