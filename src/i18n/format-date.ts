import type { Locale } from '@/i18n/locales'

/** "22. November 2026" / "22 November 2026". */
export const formatDate = (iso: string, locale: Locale): string =>
  new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(new Date(iso))
