import { issueDownloadLink } from '@/downloads/download-link'
import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { parseDocumentId } from '@/http/document-id'
import { readJsonBody } from '@/http/read-json-body'

/** POST /api/orders/{id}/downloads/ with JSON `{ audio, format }`: 200 `{ url, expires_at }`, a signed link valid for minutes. */
export const POST = customerRoute<{ id: string }>(async (request, { payload, user }, { id }) => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer(body)
  return answer(await issueDownloadLink(payload, user, parseDocumentId(id), body.value))
})
