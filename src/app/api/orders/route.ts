import { visitorLocale } from '@/http/content-locale'
import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { readJsonBody } from '@/http/read-json-body'
import { placeOrder } from '@/orders/place-order'

/**
 * POST /api/orders/ with JSON package, theme, personal_note … and both consents (spec section 7):
 * 201 and the order, recorded in the language the visitor uses the shop in.
 */
export const POST = customerRoute(async (request, { payload, user }) => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer(body)
  return answer(await placeOrder(payload, user, body.value, visitorLocale(request)), 201)
})
