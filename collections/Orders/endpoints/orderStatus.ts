import { addDataAndFileToRequest, type Endpoint } from 'payload'
import { isAdminUser } from '../../../src/auth/roles'
import { parseDocumentId } from '../../../src/http/document-id'
import { changeStatusAsSeller } from '../../../src/orders/change-status'
import { answer } from '../../../src/http/answer'
import { refuse } from '../../../src/site/outcome'

/** POST /api/cms/orders/{id}/status with `{ status }` (the seller): one allowed step of the order's life cycle. */
export const orderStatusEndpoint: Endpoint = {
  path: '/:id/status',
  method: 'post',
  handler: async (req) => {
    if (!isAdminUser(req.user)) return answer(refuse(req.user ? 403 : 401, 'Only the seller can change the status of an order.'))
    try {
      await addDataAndFileToRequest(req)
    } catch {
      return answer(refuse(400, 'The body must be JSON: { "status": "…" }.'))
    }
    const id = parseDocumentId(String(req.routeParams?.id ?? ''))
    const outcome = await changeStatusAsSeller(req, id, (req.data as { status?: unknown } | undefined)?.status)
    if (!outcome.ok) return answer(outcome)
    const { id: orderId, status, status_history, due_at, paid_at } = outcome.value
    return Response.json({ id: orderId, status, status_history, due_at, paid_at })
  },
}
