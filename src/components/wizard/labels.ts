import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import type { Translate } from '@/i18n/translator'

/** Texts of the wizard's client components, in the visitor's language; {{…}} are filled in on the client. */

const DETAILS_KEYS = [
  'themeLegend',
  'themeHint',
  'themeRequired',
  'customThemeLabel',
  'customThemeRequired',
  'noteLabel',
  'noteHint',
  'streamingHint',
  'recordingTitle',
  'recordingIntro',
  'recordingBusy',
  'recordingNotSaved',
  'inclVat',
  'noVat',
  'next',
] as const

export type DetailsFormLabels = Record<(typeof DETAILS_KEYS)[number], string> & {
  /** "… ({{count}} of {{max}} characters)". */
  counter: string
  /** Includes the formatted surcharge ("+24,95 €"). */
  streamingLabel: string
  /** "Your price: {{price}}". */
  price: string
}

export function detailsFormLabels(t: Translate, locale: Locale, streamingSurcharge: number): DetailsFormLabels {
  return {
    ...(Object.fromEntries(DETAILS_KEYS.map((key) => [key, t(`wizard.${key}`)])) as Record<(typeof DETAILS_KEYS)[number], string>),
    counter: t('wizard.counter', { count: '{{count}}', max: '{{max}}' }),
    streamingLabel: t('wizard.streamingLabel', { price: `+${formatPrice(streamingSurcharge, locale)}` }),
    price: t('wizard.price', { price: '{{price}}' }),
  }
}

const REVIEW_KEYS = [
  'loading',
  'package',
  'useType',
  'theme',
  'note',
  'noNote',
  'streaming',
  'yes',
  'no',
  'recording',
  'noRecording',
  'recordingPreview',
  'prices',
  'streamingSurcharge',
  'shipping',
  'total',
  'inclVat',
  'noVat',
  'back',
  'addToCart',
  'adding',
  'addFailed',
] as const

export type ReviewLabels = Record<(typeof REVIEW_KEYS)[number], string> & { packagePrice: string }

export function reviewLabels(t: Translate, packageName: string): ReviewLabels {
  return {
    ...(Object.fromEntries(REVIEW_KEYS.map((key) => [key, t(`wizard.${key}`)])) as Record<(typeof REVIEW_KEYS)[number], string>),
    packagePrice: t('wizard.packagePrice', { name: packageName }),
  }
}
