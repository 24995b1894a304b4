import { receiveContactMessage } from '@/contact/contact-message'
import { clientAddress } from '@/http/client-address'
import { visitorLocale } from '@/http/content-locale'
import { answer, internalError } from '@/http/answer'
import { readJsonBody } from '@/http/read-json-body'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'
import { payloadClient } from '@/site/payload'

/** POST /api/contact/ with JSON name, email, message (spec section 7). */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer(body)
  try {
    const outcome = await receiveContactMessage(await payloadClient(), body.value, clientAddress(request), visitorLocale(request))
    if (!outcome.ok) return answer(outcome)
    return Response.json({ detail: 'Thank you for your message.' }, { status: 201 })
  } catch (error) {
    return internalError(error, 'POST /api/contact/')
  }
})
