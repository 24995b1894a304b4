import { isLocale, LANGUAGE_COOKIE, type Locale, localeFromAcceptLanguage } from '@/i18n/locales'

/** The content language of an API call: `?locale=de|en` when given, else Accept-Language, else German. */
export function contentLocale(request: Request): Locale {
  const requested = new URL(request.url).searchParams.get('locale')
  return isLocale(requested) ? requested : localeFromAcceptLanguage(request.headers.get('accept-language'))
}

/** The language the visitor uses the site in: their choice in the language selector, else Accept-Language. */
export function visitorLocale(request: Request): Locale {
  const chosen = request.headers
    .get('cookie')
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1]
  return isLocale(chosen) ? chosen : localeFromAcceptLanguage(request.headers.get('accept-language'))
}
