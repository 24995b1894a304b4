import { callPayloadAuth } from '@/app/api/_adapters/payload-auth'
import { jsonError } from '@/http/answer'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'

/** POST /api/accounts/logout/: ends the session on the server and expires the login cookie. */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const response = await callPayloadAuth(request, 'logout')
  if (response.ok) return response
  return jsonError(response.status === 400 ? 400 : response.status, 'You are not logged in.')
})
