import type { TFunction } from '@payloadcms/translations'
import type { AdminTranslationKeys, AdminTranslations } from '@/i18n/admin-translations'

/** What the helpers need of Payload's i18n (the server's `req.i18n` or the client's `useTranslation().i18n`). */
export type AdminI18n = { language: string; t: TFunction<never>; translations: object }

/**
 * Payload's `t` with the shop's own keys ('shop:…', src/i18n/admin-translations.ts), for server
 * components; client components get the same from `useTranslation<AdminTranslations, AdminTranslationKeys>()`.
 */
export const adminT = (i18n: AdminI18n): TFunction<AdminTranslationKeys> => i18n.t as TFunction<string>

type LabelGroup = 'statuses' | 'actors' | 'incidentKinds'

/** The name of a stored value (a status, who changed it, a payment incident's kind), or the value itself when it has none. */
export function valueLabel(i18n: Pick<AdminI18n, 'translations'>, group: LabelGroup, value: string): string {
  const labels: Record<string, string> | undefined = (i18n.translations as Partial<AdminTranslations>).shop?.[group]
  return labels?.[value] ?? value
}

/** The admin's interface language as a content locale. */
export const adminLocale = (language: string | undefined): 'de' | 'en' => (language === 'en' ? 'en' : 'de')
