import { callPayloadAuth } from '@/app/api/_adapters/payload-auth'
import { busyAnswer, jsonError } from '@/http/answer'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'

/** POST /api/auth/refresh/: a fresh token (and cookie) for a caller who is still logged in. */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const response = await callPayloadAuth(request, 'refresh-token')
  const body = (await response.json().catch(() => ({}))) as { refreshedToken?: string; exp?: number; errors?: { message?: string }[] }
  // The account is being changed right now (src/auth/account-lock.ts): still logged in, try again.
  if (response.status === 429) return busyAnswer(response, body.errors?.[0]?.message)
  if (!response.ok || !body.refreshedToken) return jsonError(401, 'Not logged in.')
  const headers = new Headers({ 'Cache-Control': 'no-store' })
  const cookie = response.headers.get('set-cookie')
  if (cookie) headers.set('Set-Cookie', cookie)
  return Response.json({ access: body.refreshedToken, exp: body.exp }, { headers })
})
