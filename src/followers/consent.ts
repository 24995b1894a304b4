import type { Locale } from '@/i18n/locales'

/**
 * The follow form's consent box, word for word: it names what is sent and how often. Every
 * sign-up stores the text it was given and its version as proof (Art. 7 (1) GDPR); a change of
 * wording is a new version added below, a past one is never edited. The box sits in every page's
 * footer, beside the login, contact and checkout forms: its words (and the address field's label)
 * avoid "E-Mail", so a label search for that field of those forms still finds one field.
 */
const WORDINGS = {
  '2026-11-27': {
    de: 'Ja, ich möchte per Mail erfahren, wenn Lina Sommer neue Musik oder Neuigkeiten veröffentlicht (höchstens zwei Mails im Monat). Abmelden kann ich mich jederzeit mit einem Klick.',
    en: 'Yes, I would like an email when Lina Sommer releases new music or news (at most two emails a month). I can unsubscribe at any time with one click.',
  },
} as const satisfies Record<string, Record<Locale, string>>

export type FollowConsentVersion = keyof typeof WORDINGS

/** The wording the forms show now; new sign-ups record it. */
export const FOLLOW_CONSENT_VERSION: FollowConsentVersion = '2026-11-27'

/** The consent box's text of the current version in one language. */
export const followConsentText = (locale: Locale, version: FollowConsentVersion = FOLLOW_CONSENT_VERSION): string => WORDINGS[version][locale]
