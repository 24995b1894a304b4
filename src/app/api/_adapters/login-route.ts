import { logIn } from '@/auth/login'
import { internalError, jsonError } from '@/http/answer'
import { readJsonBody } from '@/http/read-json-body'
import { sameOriginWrites } from './write-guard'

/** POST handler shared by /api/accounts/login/ and /api/auth/ (the spec's two readings of login). */
export const loginRoute = sameOriginWrites(async (request: Request): Promise<Response> => {
  const body = await readJsonBody(request)
  if (!body.ok) return jsonError(400, body.detail)
  try {
    const outcome = await logIn(request, body.value)
    if (!outcome.ok) {
      const refusal = jsonError(outcome.status, outcome.detail)
      if (outcome.retryAfterSeconds) refusal.headers.set('Retry-After', String(outcome.retryAfterSeconds))
      return refusal
    }
    const headers = new Headers({ 'Cache-Control': 'no-store' })
    if (outcome.setCookie) headers.set('Set-Cookie', outcome.setCookie)
    return Response.json({ access: outcome.access, user: outcome.username, exp: outcome.exp }, { headers })
  } catch (error) {
    return internalError(error, `POST ${new URL(request.url).pathname}`)
  }
})
