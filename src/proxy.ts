import { type NextRequest, NextResponse } from 'next/server'
import { ROUTE_LOCALE_HEADER } from './i18n/locales'
import {
  contentSecurityPolicy,
  NONCE_HEADER,
  newNonce,
  permissionsPolicy,
  responseArea,
  strictTransportSecurity,
} from './http/security-headers'
import { writeRefusal } from './http/write-guard'

/**
 * Runs before every route but Next's static files (they get the constant headers of
 * next.config.mjs): refuses cross-site and wrongly typed writes, and sets the per-request
 * security headers. Kept to header work only, so pages stay fast.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl
  const refusal = writeRefusal(request.method, pathname, request.headers)
  if (refusal) {
    const response = NextResponse.json({ detail: refusal.detail }, { status: refusal.status, headers: { 'Cache-Control': 'no-store' } })
    return withSecurityHeaders(response, pathname, contentSecurityPolicy(responseArea(pathname), newNonce()))
  }

  const nonce = newNonce()
  const policy = contentSecurityPolicy(responseArea(pathname), nonce)
  const requestHeaders = new Headers(request.headers)
  // Next reads the nonce from the request's policy and puts it on its own scripts; our inline
  // scripts read it from NONCE_HEADER. Both are always overwritten, never taken from the client.
  requestHeaders.set('content-security-policy', policy)
  requestHeaders.set(NONCE_HEADER, nonce)
  // The English legal pages live under /en/…; tell the renderer their language.
  if (/^\/en(\/|$)/.test(pathname)) requestHeaders.set(ROUTE_LOCALE_HEADER, 'en')
  else requestHeaders.delete(ROUTE_LOCALE_HEADER)
  return withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }), pathname, policy)
}

function withSecurityHeaders(response: NextResponse, pathname: string, policy: string): NextResponse {
  response.headers.set('Content-Security-Policy', policy)
  response.headers.set('Permissions-Policy', permissionsPolicy(pathname))
  const hsts = strictTransportSecurity()
  if (hsts) response.headers.set('Strict-Transport-Security', hsts)
  return response
}

export const config = { matcher: ['/((?!_next/static/|_next/image).*)'] }
