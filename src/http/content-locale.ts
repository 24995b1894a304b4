import { parseCookies } from 'payload/shared'
import { isLocale, LANGUAGE_COOKIE, type Locale, localeFromAcceptLanguage } from '@/i18n/locales'

/** The content language of an API call: `?locale=de|en` when given, else Accept-Language, else German. */
export function contentLocale(request: Request): Locale {
  const requested = new URL(request.url).searchParams.get('locale')
  return isLocale(requested) ? requested : localeFromAcceptLanguage(request.headers.get('accept-language'))
}

/**
 * The language a visitor uses the storefront in, for an API call made from it: the language
 * selector's cookie (which the pages follow), else Accept-Language, else German.
 */
export function visitorLocale(request: Request): Locale {
  const chosen = parseCookies(request.headers).get(LANGUAGE_COOKIE)
  return isLocale(chosen) ? chosen : localeFromAcceptLanguage(request.headers.get('accept-language'))
}
