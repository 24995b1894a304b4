/** German first, English second (spec section 1). */
export const LOCALES = ['de', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'de'

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale)

/**
 * The content language a client asks for with Accept-Language ("en-GB,en;q=0.9,de;q=0.5"):
 * the supported language with the highest weight, German when none matches.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE
  const ranked = header
    .split(',')
    .map((part, position) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q ? Number.parseFloat(q.slice(2)) : 1
      return { language: tag.trim().toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, position }
    })
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position)
  return ranked.map(({ language }) => language).find(isLocale) ?? DEFAULT_LOCALE
}

/** The cookie that keeps the visitor's language choice (set by the language selector). */
export const LANGUAGE_COOKIE = 'lang'
/** Set by src/proxy.ts for routes whose language is fixed by their path (/en/terms …). */
export const ROUTE_LOCALE_HEADER = 'x-route-locale'
