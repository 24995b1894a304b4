import type { Locale } from '@/i18n/locales'

/** "22. November 2026" / "22 November 2026". */
export const formatDate = (iso: string, locale: Locale): string =>
  new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(new Date(iso))

/** "23. November 2026 um 14:05 MEZ" / "23 November 2026 at 14:05 CET": a moment in the seller's time zone, named. */
export const formatDateTime = (iso: string, locale: Locale): string =>
  new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso))
