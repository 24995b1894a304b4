import type { Locale } from '@/i18n/locales'
import type { ConsentSegment } from '@/orders/consent'

/**
 * The two checkboxes a buyer of downloads ticks before the purchase button, word for word: the
 * terms, and the consent to delivery before the withdrawal period ends with the knowledge that the
 * right of withdrawal is lost (§ 356 Abs. 5 BGB, digital content not on a physical medium). The
 * checkout shows them, every purchase records the version (`consent_wording_version`), the
 * purchase mail repeats them. A change of wording is a new version; a past one is never edited.
 */
export type PurchaseConsentWording = { terms: readonly ConsentSegment[]; digitalContent: readonly ConsentSegment[] }

const WORDINGS = {
  '2026-11-27': {
    de: {
      terms: [
        'Ich habe die ',
        { text: 'AGB', link: 'terms' },
        ' gelesen und akzeptiere sie. Die ',
        { text: 'Widerrufsbelehrung', link: 'withdrawal' },
        ' habe ich zur Kenntnis genommen.',
      ],
      digitalContent: [
        'Ich stimme ausdrücklich zu, dass du mir die Downloads vor Ablauf der Widerrufsfrist bereitstellst. ' +
          'Mir ist bekannt, dass ich dadurch mein Widerrufsrecht verliere, sobald die Bereitstellung begonnen hat.',
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
      digitalContent: [
        'I expressly agree that you provide the downloads before the withdrawal period ends. ' +
          'I am aware that I thereby lose my right of withdrawal once the provision has begun.',
      ],
    },
  },
} as const satisfies Record<string, Record<Locale, PurchaseConsentWording>>

export type PurchaseConsentVersion = keyof typeof WORDINGS

/** The wording the checkout shows now; new purchases record it. */
export const PURCHASE_CONSENT_VERSION: PurchaseConsentVersion = '2026-11-27'

export const isPurchaseConsentVersion = (value: unknown): value is PurchaseConsentVersion => typeof value === 'string' && Object.hasOwn(WORDINGS, value)

export const purchaseConsentWording = (version: PurchaseConsentVersion, locale: Locale): PurchaseConsentWording => WORDINGS[version][locale]
