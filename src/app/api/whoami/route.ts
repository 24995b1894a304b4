import { payloadClient } from '@/site/payload'
import { accountName } from '@/auth/account-name'
import { authenticate } from '@/auth/authenticate'

/** GET /api/whoami/: `{ user: <username> }` for a logged-in caller (cookie or bearer), else `{ user: null }`. */
export async function GET(request: Request): Promise<Response> {
  const payload = await payloadClient()
  const user = await authenticate(payload, request.headers)
  return Response.json({ user: user ? accountName(user) : null }, { headers: { 'Cache-Control': 'no-store' } })
}
