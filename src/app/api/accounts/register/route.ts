import { registerCustomer } from '@/auth/accounts'
import { clientAddress } from '@/http/client-address'
import { visitorLocale } from '@/http/content-locale'
import { answer, internalError } from '@/http/answer'
import { readJsonBody } from '@/http/read-json-body'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'
import { payloadClient } from '@/site/payload'

/** POST /api/accounts/register/ with username, email, password (and optionally locale): a new customer account. */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer(body)
  try {
    const outcome = await registerCustomer(await payloadClient(), body.value, clientAddress(request), visitorLocale(request))
    if (outcome.ok) return Response.json(outcome.value, { status: 201 })
    return answer(outcome)
  } catch (error) {
    return internalError(error, 'POST /api/accounts/register/')
  }
})
