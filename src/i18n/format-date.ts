import type { Locale } from '@/i18n/locales'

/** "22. November 2026" / "22 November 2026". */
export const formatDate = (iso: string, locale: Locale): string =>
  new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(new Date(iso))

/** "23. November 2026, 14:05 Uhr (MEZ)"-style date and time in Germany's time zone, for records such as consents. */
export const formatDateTime = (iso: string, locale: Locale): string =>
  new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Berlin', timeZoneName: 'short' }).format(new Date(iso))
