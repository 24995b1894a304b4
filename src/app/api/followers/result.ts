import type { Locale } from '@/i18n/locales'

/** The result page of the follow forms (src/app/(frontend)/follow/page.tsx), in the form's language. */
export const followResultPage = (status: string, locale: Locale): string => `/follow?status=${encodeURIComponent(status)}&lang=${locale}`
