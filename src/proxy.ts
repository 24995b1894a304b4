import { type NextRequest, NextResponse } from 'next/server'
import { ROUTE_LOCALE_HEADER } from './i18n/locales'

/** The English legal pages live under /en/…; tell the renderer their language. */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers)
  headers.set(ROUTE_LOCALE_HEADER, 'en')
  return NextResponse.next({ request: { headers } })
}

export const config = { matcher: ['/en/:path*'] }
