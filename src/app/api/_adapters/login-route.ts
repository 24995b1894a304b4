import { logIn } from '@/auth/login'
import { answer, internalError } from '@/http/answer'
import { readJsonBody } from '@/http/read-json-body'
import { callPayloadAuth } from './payload-auth'
import { sameOriginWrites } from './write-guard'

/** POST handler shared by /api/accounts/login/ and /api/auth/ (the spec's two readings of login). */
export const loginRoute = sameOriginWrites(async (request: Request): Promise<Response> => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer(body)
  try {
    const outcome = await logIn(body.value, (json) => callPayloadAuth(request, 'login', json))
    if (!outcome.ok) return answer(outcome)
    const { access, username, exp, setCookie } = outcome.value
    const headers = new Headers({ 'Cache-Control': 'no-store' })
    if (setCookie) headers.set('Set-Cookie', setCookie)
    return Response.json({ access, user: username, exp }, { headers })
  } catch (error) {
    return internalError(error, `POST ${new URL(request.url).pathname}`)
  }
})
