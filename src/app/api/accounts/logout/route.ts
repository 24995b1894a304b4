import { callPayloadAuth } from '@/auth/payload-auth-endpoint'
import { jsonError } from '@/http/json-error'

/** POST /api/accounts/logout/: ends the session on the server and expires the login cookie. */
export async function POST(request: Request): Promise<Response> {
  const response = await callPayloadAuth(request, 'logout')
  if (response.ok) return response
  return jsonError(response.status === 400 ? 400 : response.status, 'You are not logged in.')
}
