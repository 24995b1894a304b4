import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { parseDocumentId } from '@/http/document-id'
import { readJsonBody } from '@/http/read-json-body'
import { requestRevision } from '@/revisions/request-revision'

/** POST /api/orders/{id}/revisions/ with JSON `{ message }`: 201 with the request; 409 when the song is not delivered, already confirmed, or the package's revisions are used up. */
export const POST = customerRoute<{ id: string }>(async (request, { payload, user }, { id }) => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer(body)
  return answer(await requestRevision(payload, user, parseDocumentId(id), body.value), 201)
})
