import { jsonError } from '@/http/answer'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'
import { receiveStripeWebhook } from '@/payments/stripe-webhook'
import { stripeSettings } from '@/payments/stripe-client'
import { payloadClient } from '@/site/payload'

/** The largest event body accepted; Stripe's events are a few kilobytes. */
const MAX_EVENT_BYTES = 256 * 1024

/**
 * POST /api/payments/stripe/webhook: Stripe's events about payments and refunds. The signature is
 * checked over the raw body exactly as received, so the body is read as text and never re-serialised.
 * Stripe sends JSON without an Origin, which the write check lets through like any server's call.
 */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const settings = stripeSettings()
  if (!settings) return jsonError(404, 'Stripe is not configured for this shop.')
  if (Number(request.headers.get('content-length') ?? 0) > MAX_EVENT_BYTES) return jsonError(413, 'The event is too large.')
  try {
    const rawBody = await request.text()
    if (rawBody.length > MAX_EVENT_BYTES) return jsonError(413, 'The event is too large.')
    const { status, body } = await receiveStripeWebhook(await payloadClient(), settings, rawBody, request.headers.get('stripe-signature'))
    return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    // Not the sender's fault (e.g. the database is away): 503 makes Stripe deliver the event again later.
    console.error('POST /api/payments/stripe/webhook failed:', error)
    return jsonError(503, 'The shop cannot take this event right now; please deliver it again later.')
  }
})
