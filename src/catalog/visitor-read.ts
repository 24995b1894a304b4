import type { Locale } from '@/i18n/locales'

/**
 * Options for every catalog read: as an anonymous visitor (no user, access rules applied, so
 * nothing private leaks into a public and cacheable answer), in the visitor's language;
 * empty localized fields fall back to German (localization.fallback in payload.config.ts).
 */
export const visitorRead = (locale: Locale) => ({ locale, overrideAccess: false }) as const
