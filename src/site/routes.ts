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

/** The same legal page in the other language, for the language selector. */
export function counterpartOf(pathname: string, target: Locale): string | null {
  for (const routes of Object.values(LEGAL_ROUTES)) {
    if (Object.values(routes).includes(pathname as never)) return routes[target]
  }
  return null
}

/**
 * The language a route fixes: English under /en/…, German on the German legal pages (so /agb is
 * German even for a visitor who chose English; the selector leads to /en/terms). Null where the
 * visitor's choice applies.
 */
export function localeOfRoute(pathname: string): Locale | null {
  if (/^\/en(\/|$)/.test(pathname)) return 'en'
  return Object.values(LEGAL_ROUTES).some((routes) => routes.de === pathname) ? 'de' : null
}
