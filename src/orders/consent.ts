import type { Locale } from '@/i18n/locales'

/**
 * The two checkboxes a customer ticks before the order button, word for word. The storefront
 * shows these texts, every order records the version it was placed with
 * (`consent_wording_version`), and the order confirmation repeats them. A change of wording is
 * a new version added below; a past version is never edited, so an order's record stays true.
 */

/** A piece of a checkbox text: plain words, or words that link to a legal page. */
export type ConsentSegment = string | { text: string; link: 'terms' | 'withdrawal' }

export type ConsentWording = {
  /** Terms and conditions, with links to the terms and to the withdrawal information. */
  terms: readonly ConsentSegment[]
  /** Early start of performance and loss of the right of withdrawal (§ 356 (5) BGB, digital content). */
  earlyStart: readonly ConsentSegment[]
}

const WORDINGS = {
  '2026-11-23': {
    de: {
      terms: [
        'Ich habe die ',
        { text: 'AGB', link: 'terms' },
        ' gelesen und akzeptiere sie. Die ',
        { text: 'Widerrufsbelehrung', link: 'withdrawal' },
        ' habe ich zur Kenntnis genommen.',
      ],
      earlyStart: [
        'Ich stimme ausdrücklich zu, dass du vor Ablauf der Widerrufsfrist mit der Ausführung des Vertrags beginnst. ' +
          'Mir ist bekannt, dass ich durch diese Zustimmung mit Beginn der Ausführung des Vertrags mein Widerrufsrecht verliere.',
      ],
    },
    en: {
      terms: [
        'I have read and accept the ',
        { text: 'terms and conditions', link: 'terms' },
        '. I have taken note of the ',
        { text: 'withdrawal information', link: 'withdrawal' },
        '.',
      ],
      earlyStart: [
        'I expressly agree that you begin performing the contract before the withdrawal period ends. ' +
          'I am aware that by giving this consent I lose my right of withdrawal once performance of the contract has begun.',
      ],
    },
  },
} as const satisfies Record<string, Record<Locale, ConsentWording>>

export type ConsentWordingVersion = keyof typeof WORDINGS

/** The wording the storefront shows now; new orders record it. */
export const CONSENT_WORDING_VERSION: ConsentWordingVersion = '2026-11-23'

export const isConsentWordingVersion = (value: unknown): value is ConsentWordingVersion => typeof value === 'string' && Object.hasOwn(WORDINGS, value)

/** The checkbox texts of a version in one language, in pieces (links marked) as the checkout shows them. */
export const consentWording = (version: ConsentWordingVersion, locale: Locale): ConsentWording => WORDINGS[version][locale]

/** A checkbox text as plain words, the way it reads on screen (and in the order confirmation). */
export const plainConsentText = (segments: readonly ConsentSegment[]): string =>
  segments.map((segment) => (typeof segment === 'string' ? segment : segment.text)).join('')

/** Both checkbox texts of a version in one language as plain words: what the customer agreed to. */
export function consentTexts(version: ConsentWordingVersion, locale: Locale): { terms: string; earlyStart: string } {
  const wording = consentWording(version, locale)
  return { terms: plainConsentText(wording.terms), earlyStart: plainConsentText(wording.earlyStart) }
}
