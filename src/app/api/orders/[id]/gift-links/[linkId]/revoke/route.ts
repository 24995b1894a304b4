import { revokeGiftLink } from '@/gifts/revoke-gift-link'
import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { parseDocumentId } from '@/http/document-id'

/** POST /api/orders/{id}/gift-links/{linkId}/revoke/ with an empty body: the gift page answers 404 from now on. */
export const POST = customerRoute<{ id: string; linkId: string }>(async (_request, { payload, user }, { id, linkId }) =>
  answer(await revokeGiftLink(payload, user, parseDocumentId(id), parseDocumentId(linkId))),
)
