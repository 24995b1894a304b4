import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { parseDocumentId } from '@/http/document-id'
import { confirmOrder } from '@/orders/confirm-order'

/** POST /api/orders/{id}/confirm/ with an empty body: the customer is happy with their order (spec section 7). */
export const POST = customerRoute<{ id: string }>(async (_request, { payload, user }, { id }) => answer(await confirmOrder(payload, user, parseDocumentId(id))))
