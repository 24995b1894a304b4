import { cookies, headers } from 'next/headers'
import { DEFAULT_LOCALE, isLocale, LANGUAGE_COOKIE, type Locale, ROUTE_LOCALE_HEADER } from './locales'
import { translatorFor } from './translator'

/** The language of the current request: fixed by the route, else the visitor's choice, else German. */
export async function requestLocale(): Promise<Locale> {
  const routeLocale = (await headers()).get(ROUTE_LOCALE_HEADER)
  if (isLocale(routeLocale)) return routeLocale
  const chosen = (await cookies()).get(LANGUAGE_COOKIE)?.value
  return isLocale(chosen) ? chosen : DEFAULT_LOCALE
}

/** The language of this request with its translator. */
export async function requestTranslation() {
  const locale = await requestLocale()
  return { locale, t: await translatorFor(locale) }
}
