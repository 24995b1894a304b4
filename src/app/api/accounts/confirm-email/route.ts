import { confirmEmail } from '@/auth/email-confirmation'
import { answer, internalError } from '@/http/answer'
import { readJsonBody } from '@/http/read-json-body'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'
import { payloadClient } from '@/site/payload'

/** POST /api/accounts/confirm-email/ {token}: the token from the mail's link confirms its account's address (no login needed). */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer({ ...body, code: 'invalid_request' })
  try {
    const outcome = await confirmEmail(await payloadClient(), body.value)
    if (!outcome.ok) return answer(outcome)
    return Response.json({ detail: 'Your e-mail address is confirmed.', email: outcome.value.email }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return internalError(error, 'POST /api/accounts/confirm-email/')
  }
})
