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
] as const

/** The cart's texts; {{name}} and {{item}} are filled in per item on the client. */
export type CartLabels = Record<(typeof CART_KEYS)[number], string> & {
  /** "Subtotal ({{count}} custom song)" and its plural; chosen on the client. */
  subtotalOne: string
  subtotalOther: string
}

export const cartLabels = (t: Translate): CartLabels => ({
  ...(Object.fromEntries(CART_KEYS.map((key) => [key, t(`cart.${key}`, { name: '{{name}}', item: '{{item}}' })])) as Record<
    (typeof CART_KEYS)[number],
    string
  >),
  subtotalOne: t('cart.subtotal_one', { count: '{{count}}' }),
  subtotalOther: t('cart.subtotal_other', { count: '{{count}}' }),
})
