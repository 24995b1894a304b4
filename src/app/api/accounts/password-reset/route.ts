import { RESET_REQUESTED, requestPasswordReset } from '@/auth/password-reset'
import { clientAddress } from '@/http/client-address'
import { visitorLocale } from '@/http/content-locale'
import { internalError, jsonError } from '@/http/json-error'
import { readJsonBody } from '@/http/read-json-body'
import { sameOriginWrites } from '@/http/write-guard'
import { payloadClient } from '@/site/payload'

/** POST /api/accounts/password-reset/ {email}: 202 with the same neutral detail whether or not the address has an account. */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const body = await readJsonBody(request)
  if (!body.ok) return jsonError(400, body.detail, { code: 'invalid_request' })
  try {
    const outcome = await requestPasswordReset(await payloadClient(), body.value, clientAddress(request), visitorLocale(request))
    if (!outcome.ok) return jsonError(outcome.status, outcome.detail, { code: outcome.code })
    return Response.json({ detail: RESET_REQUESTED }, { status: 202, headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return internalError(error, 'POST /api/accounts/password-reset/')
  }
})
