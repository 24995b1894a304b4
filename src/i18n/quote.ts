import type { Locale } from './locales'

/** Text in the language's quotation marks: „…“ in German, “…” in English. */
export const quote = (text: string, locale: Locale): string => (locale === 'de' ? `„${text}“` : `“${text}”`)
