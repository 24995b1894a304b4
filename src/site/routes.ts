import type { Locale } from '@/i18n/locales'

/** The legal pages exist once per language (spec section 2): German routes and /en/… routes. */
export const LEGAL_ROUTES = {
  terms: { de: '/agb', en: '/en/terms' },
  imprint: { de: '/impressum', en: '/en/imprint' },
  privacy: { de: '/disclaimer', en: '/en/disclaimer' },
  paymentTerms: { de: '/buying_conditions', en: '/en/buying_conditions' },
  withdrawal: { de: '/widerruf', en: '/en/withdrawal' },
} as const satisfies Record<string, Record<Locale, string>>

export type LegalPage = keyof typeof LEGAL_ROUTES

/** The online withdrawal function (§ 356a BGB), the form behind every "Vertrag widerrufen" link. */
export const WITHDRAWAL_FORM_ROUTES = { de: '/vertrag-widerrufen', en: '/en/withdraw' } as const satisfies Record<Locale, string>

/** The gift page of a shared song (`/geschenk/{token}`): one per language, like the legal pages. */
export const GIFT_ROUTES = { de: '/geschenk', en: '/en/gift' } as const satisfies Record<Locale, string>

/** Issue 33 (h33e): redeeming a download code, and taking a free download by e-mail. */
export const REDEEM_ROUTES = { de: '/einloesen', en: '/en/redeem' } as const satisfies Record<Locale, string>
export const FREE_DOWNLOAD_ROUTES = { de: '/kostenlos', en: '/en/free-download' } as const satisfies Record<Locale, string>

/** "Meine Musik" / "My music" (issue 33): one address in both languages, like every account page. */
export const MY_MUSIC_ROUTE = '/account/music'

/** Every page that exists once per language; each route answers in its own language. */
const LANGUAGE_ROUTES: Record<Locale, string>[] = [...Object.values(LEGAL_ROUTES), WITHDRAWAL_FORM_ROUTES, REDEEM_ROUTES, FREE_DOWNLOAD_ROUTES]

/** Pages with a path below them (the gift page's token) that exist once per language. */
const LANGUAGE_PREFIXES: Record<Locale, string>[] = [GIFT_ROUTES]

/** The prefix of `pathname` in one of LANGUAGE_PREFIXES, with the rest of the path. */
function prefixedRoute(pathname: string): { routes: Record<Locale, string>; rest: string } | null {
  for (const routes of LANGUAGE_PREFIXES) {
    for (const prefix of Object.values(routes)) {
      if (pathname.startsWith(`${prefix}/`)) return { routes, rest: pathname.slice(prefix.length) }
    }
  }
  return null
}

/** The same page in the other language, for the language selector. */
export function counterpartOf(pathname: string, target: Locale): string | null {
  for (const routes of LANGUAGE_ROUTES) {
    if (Object.values(routes).includes(pathname)) return routes[target]
  }
  const prefixed = prefixedRoute(pathname)
  return prefixed ? prefixed.routes[target] + prefixed.rest : null
}

/** The language a route fixes: English under /en/, German for the German twin of such a page, else none (the visitor's choice). */
export function routeLocaleOf(pathname: string): Locale | null {
  if (/^\/en(\/|$)/.test(pathname)) return 'en'
  return LANGUAGE_ROUTES.some((routes) => routes.de === pathname) || prefixedRoute(pathname) ? 'de' : null
}

/**
 * Pages that show catalog data only (and the visitor's language), each path with or without a
 * trailing slash: the server keeps them in its page cache (src/catalog/page-cache.ts), the
 * service worker for offline visits (src/components/offline/offline-rules.ts).
 */
const CATALOG_PAGES = [
  /^\/$/,
  /^\/music\/?$/,
  /^\/music-group\/[^/]+\/?$/,
  /^\/category\/[^/]+\/?$/,
  /^\/news\/?$/,
  /^\/news\/[^/]+\/?$/,
  /^\/about\/?$/,
  /^\/custom-songs\/?$/,
  /^\/custom-songs\/[^/]+\/?$/,
]

export const isCatalogPage = (pathname: string): boolean => CATALOG_PAGES.some((page) => page.test(pathname))

/** Whether `pathname` is one of the legal pages, in either language (with or without a trailing slash). */
export const isLegalPage = (pathname: string): boolean =>
  Object.values(LEGAL_ROUTES).some((routes) => Object.values(routes).some((route) => pathname === route || pathname === `${route}/`))

/**
 * The seller's preview of a draft or a scheduled release: /api/preview/?path=… switches the
 * seller's browser into Next's draft mode and opens the page, which then shows the newest draft
 * (src/auth/previewing-seller.ts). Only these pages have drafts to show.
 */
export const PREVIEW_ROUTE = '/api/preview/'
const PREVIEWABLE_PAGES = /^\/(music-group|news)\/[1-9][0-9]{0,9}$/

export const isPreviewablePage = (path: string): boolean => PREVIEWABLE_PAGES.test(path)

/** The admin's "Vorschau" link for a storefront page. */
export const previewLink = (path: string): string => `${PREVIEW_ROUTE}?path=${encodeURIComponent(path)}`
