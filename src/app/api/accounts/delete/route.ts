import { generateExpiredPayloadCookie } from 'payload/shared'
import { deleteOwnAccount } from '@/gdpr/account-deletion'
import { clientAddress } from '@/http/client-address'
import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { readJsonBody } from '@/http/read-json-body'

/**
 * POST /api/accounts/delete/ {password}: the logged-in customer deletes their account (anonymised,
 * invoice data kept for the retention period; src/gdpr/account-deletion.ts). On success every
 * session has ended and the login cookie is expired.
 */
export const POST = customerRoute(async (request, { payload, user }) => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer({ ...body, code: 'invalid_request' })
  const outcome = await deleteOwnAccount(payload, user, body.value, clientAddress(request))
  if (!outcome.ok) return answer(outcome)
  const cookie = generateExpiredPayloadCookie({ collectionAuthConfig: payload.collections.users.config.auth, cookiePrefix: payload.config.cookiePrefix })
  return Response.json({ detail: 'Your account is deleted.' }, { headers: { 'Cache-Control': 'no-store', 'Set-Cookie': cookie } })
})
