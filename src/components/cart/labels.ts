import type { Translate } from '@/i18n/translator'

const CART_KEYS = [
  'loading',
  'empty',
  'emptyText',
  'startWizard',
  'addAnother',
  'items',
  'useType',
  'theme',
  'note',
  'streaming',
  'recording',
  'recordingPreview',
  'recordingMissing',
  'price',
  'remove',
  'removeLabel',
  'removed',
  'summary',
  'shipping',
  'total',
  'inclVat',
  'noVat',
  'checkout',
  'catalogAlbum',
  'catalogTrack',
  'catalogCheckoutHint',
  'format_mp3',
  'format_flac',
  'format_original',
] as const

/** The cart's texts; {{name}} and {{item}} are filled in per item on the client. */
export type CartLabels = Record<(typeof CART_KEYS)[number], string> & {
  /** "Subtotal ({{count}} custom song)" and its plural; chosen on the client. */
  subtotalOne: string
  subtotalOther: string
  /** "Subtotal ({{count}} album or track)" and its plural. */
  catalogSubtotalOne: string
  catalogSubtotalOther: string
}

export const cartLabels = (t: Translate): CartLabels => ({
  ...(Object.fromEntries(CART_KEYS.map((key) => [key, t(`cart.${key}`, { name: '{{name}}', item: '{{item}}' })])) as Record<
    (typeof CART_KEYS)[number],
    string
  >),
  subtotalOne: t('cart.subtotal_one', { count: '{{count}}' }),
  subtotalOther: t('cart.subtotal_other', { count: '{{count}}' }),
  catalogSubtotalOne: t('cart.catalogSubtotal_one', { count: '{{count}}' }),
  catalogSubtotalOther: t('cart.catalogSubtotal_other', { count: '{{count}}' }),
})
