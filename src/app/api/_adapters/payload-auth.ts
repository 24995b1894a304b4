import { payloadConfig } from '@/site/payload'
import { REST_POST } from '@payloadcms/next/routes'

let payloadPost: ReturnType<typeof REST_POST> | undefined

/**
 * Hands a storefront auth call to Payload's own endpoint for users (/api/cms/users/<action>),
 * with the caller's cookies and headers, so sessions and cookies behave exactly as in the admin.
 */
export function callPayloadAuth(request: Request, action: 'login' | 'logout' | 'refresh-token' | 'me', body?: string) {
  const url = new URL(`/api/cms/users/${action}`, request.url)
  const headers = new Headers(request.headers)
  if (body !== undefined) headers.set('content-type', 'application/json')
  const forwarded = new Request(url, { method: 'POST', headers, body })
  payloadPost ??= REST_POST(payloadConfig())
  return payloadPost(forwarded, { params: Promise.resolve({ slug: ['users', action] }) })
}
