import { answer, customerRoute } from '@/http/customer-route'
import { jsonError } from '@/http/json-error'
import { readJsonBody } from '@/http/read-json-body'
import { placeOrder } from '@/orders/place-order'

/** POST /api/orders/ with JSON package, theme, personal_note … (spec section 7): 201 and the order. */
export const POST = customerRoute(async (request, { payload, user }) => {
  const body = await readJsonBody(request)
  if (!body.ok) return jsonError(400, body.detail)
  return answer(await placeOrder(payload, user, body.value), 201)
})
