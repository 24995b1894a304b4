import { createGiftLink } from '@/gifts/create-gift-link'
import { visitorLocale } from '@/http/content-locale'
import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { parseDocumentId } from '@/http/document-id'
import { readJsonBody } from '@/http/read-json-body'

/** POST /api/orders/{id}/gift-links/ with JSON `{ audio, dedication? }`: 201 `{ id, url, audio, dedication, created_at }`; the URL is shown only here. */
export const POST = customerRoute<{ id: string }>(async (request, { payload, user }, { id }) => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer(body)
  return answer(await createGiftLink(payload, user, parseDocumentId(id), body.value, visitorLocale(request)), 201)
})
