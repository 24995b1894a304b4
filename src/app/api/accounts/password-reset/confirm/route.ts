import { generatePayloadCookie } from 'payload/shared'
import { setNewPassword } from '@/auth/password-reset'
import { answer, internalError } from '@/http/answer'
import { readJsonBody } from '@/http/read-json-body'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'
import { payloadClient } from '@/site/payload'

/**
 * POST /api/accounts/password-reset/confirm/ {token, password}: sets the new password; the
 * account's other sessions end and the caller is logged in (login cookie and `access`, as the login answers).
 */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer({ ...body, code: 'invalid_request' })
  try {
    const payload = await payloadClient()
    const outcome = await setNewPassword(payload, body.value)
    if (!outcome.ok) return answer(outcome)
    const { token, username, next } = outcome.value
    const cookie = generatePayloadCookie({
      collectionAuthConfig: payload.collections.users.config.auth,
      cookiePrefix: payload.config.cookiePrefix,
      token,
    })
    return Response.json(
      { detail: 'Your new password is set; you are logged in.', access: token, user: username, next },
      { headers: { 'Cache-Control': 'no-store', 'Set-Cookie': cookie } },
    )
  } catch (error) {
    return internalError(error, 'POST /api/accounts/password-reset/confirm/')
  }
})
