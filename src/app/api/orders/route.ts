import { visitorLocale } from '@/http/content-locale'
import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { readJsonBody } from '@/http/read-json-body'
import { readIdempotencyKey } from '@/orders/idempotency-key'
import { placeOrder } from '@/orders/place-order'
import { stripeSettings } from '@/payments/stripe-client'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@/rules/idempotency-key'

/**
 * POST /api/orders/ with JSON package, theme, personal_note … and both consents (spec section 7):
 * 201 and the order, recorded in the language the visitor uses the shop in. A retry with the same
 * Idempotency-Key header gets the first order again (marked by Idempotent-Replayed: true).
 */
export const POST = customerRoute(async (request, { payload, user }) => {
  const key = readIdempotencyKey(request.headers.get(IDEMPOTENCY_KEY_HEADER))
  if (!key.ok) return answer(key)
  const body = await readJsonBody(request)
  if (!body.ok) return answer(body)
  const placed = await placeOrder(payload, user, body.value, {
    locale: visitorLocale(request),
    idempotencyKey: key.value,
    onlinePayment: stripeSettings() !== null,
  })
  if (!placed.ok) return answer(placed)
  const response = answer({ ok: true, value: placed.value.order }, 201)
  if (placed.value.replayed) response.headers.set(IDEMPOTENT_REPLAY_HEADER, 'true')
  return response
})
