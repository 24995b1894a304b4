import { type NextRequest, NextResponse } from 'next/server'
import { ROUTE_LOCALE_HEADER } from './i18n/locales'
import { routeLocaleOf } from './site/routes'
import { contentSecurityPolicy, NONCE_HEADER, newNonce, permissionsPolicy, responseArea, strictTransportSecurity } from './http/security-headers'

/**
 * Runs before every page (storefront and admin) and sets its per-request security headers: the
 * Content-Security-Policy with a fresh nonce, the page's Permissions-Policy and, in production,
 * HSTS. Header work only, so pages stay fast. API routes, uploaded files and Next's static files
 * are left out (see `config`); their constant headers come from next.config.mjs and their writes
 * are checked by src/app/api/_adapters/write-guard.ts.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl
  const nonce = newNonce()
  const policy = contentSecurityPolicy(responseArea(pathname), nonce)
  const requestHeaders = new Headers(request.headers)
  // Next reads the nonce from the request's policy and puts it on its own scripts; our inline
  // scripts read it from NONCE_HEADER. Both are always overwritten, never taken from the client.
  requestHeaders.set('content-security-policy', policy)
  requestHeaders.set(NONCE_HEADER, nonce)
  // Pages that exist once per language (legal pages, the withdrawal form) answer in their route's
  // language, whatever the visitor chose elsewhere; tell the renderer which.
  const routeLocale = routeLocaleOf(pathname)
  if (routeLocale) requestHeaders.set(ROUTE_LOCALE_HEADER, routeLocale)
  else requestHeaders.delete(ROUTE_LOCALE_HEADER)

  const response = NextResponse.next({ request: { headers: requestHeaders } })
  response.headers.set('Content-Security-Policy', policy)
  response.headers.set('Permissions-Policy', permissionsPolicy(pathname))
  const hsts = strictTransportSecurity()
  if (hsts) response.headers.set('Strict-Transport-Security', hsts)
  return response
}

export const config = {
  matcher: [
    {
      // Not the API and uploaded files: Next buffers the body of every request its proxy sees,
      // which would cut large uploads short and defeat the streaming body limits. Not the admin's
      // server actions either (POSTs with a body, answered with data, not a document). Not the
      // icons, the manifest and the service worker's script (src/app/serwist, its own headers):
      // files, not documents. The page policy already allows the worker and the manifest
      // (worker-src, manifest-src 'self').
      source: '/((?!api/|media/|_next/static/|_next/image|favicon.ico|icon.svg|apple-icon.png|manifest.webmanifest|icons/|serwist/).*)',
      missing: [{ type: 'header', key: 'next-action' }],
    },
  ],
}
