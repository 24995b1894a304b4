import { isLocale, type Locale, localeFromAcceptLanguage } from '@/i18n/locales'

/** The content language of an API call: `?locale=de|en` when given, else Accept-Language, else German. */
export function contentLocale(request: Request): Locale {
  const requested = new URL(request.url).searchParams.get('locale')
  return isLocale(requested) ? requested : localeFromAcceptLanguage(request.headers.get('accept-language'))
}
