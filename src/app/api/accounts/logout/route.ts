import { callPayloadAuth } from '@/app/api/_adapters/payload-auth'
import { busyAnswer, jsonError } from '@/http/answer'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'

/** POST /api/accounts/logout/: ends the session on the server and expires the login cookie. */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const response = await callPayloadAuth(request, 'logout')
  if (response.ok) return response
  // The account is being changed right now (src/auth/account-lock.ts): the session is not ended yet.
  if (response.status === 429)
    return busyAnswer(response, ((await response.json().catch(() => ({}))) as { errors?: { message?: string }[] }).errors?.[0]?.message)
  return jsonError(response.status === 400 ? 400 : response.status, 'You are not logged in.')
})
