import { visitorLocale } from '@/http/content-locale'
import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { readJsonBody } from '@/http/read-json-body'
import { readIdempotencyKey } from '@/orders/idempotency-key'
import { stripeSettings } from '@/payments/stripe-client'
import { placePurchase } from '@/purchases/place-purchase'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@/rules/idempotency-key'

/**
 * POST /api/purchases/ with a PurchaseRequest (src/purchases/purchase-request.ts): 201 and the
 * purchase, every price decided again on the server, recorded in the visitor's language. A retry
 * with the same Idempotency-Key header gets the first purchase again (Idempotent-Replayed: true).
 */
export const POST = customerRoute(async (request, { payload, user }) => {
  const key = readIdempotencyKey(request.headers.get(IDEMPOTENCY_KEY_HEADER))
  if (!key.ok) return answer(key)
  const body = await readJsonBody(request)
  if (!body.ok) return answer(body)
  const placed = await placePurchase(payload, user, body.value, {
    locale: visitorLocale(request),
    idempotencyKey: key.value,
    onlinePayment: stripeSettings() !== null,
  })
  if (!placed.ok) return answer(placed)
  const response = answer({ ok: true, value: placed.value.purchase }, 201)
  if (placed.value.replayed) response.headers.set(IDEMPOTENT_REPLAY_HEADER, 'true')
  return response
})
