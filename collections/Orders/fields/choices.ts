import type { Field, TextFieldSingleValidation } from 'payload'
import { text } from 'payload/shared'
import { ORDER_LIMITS } from '../../../src/rules/limits'
import { CUSTOM_THEME, PAYMENT_METHOD_TABLE, PAYMENT_METHODS } from '../../../src/rules/choices'
import { component, fixedOnceOrdered, sellerOnly, shownAsText } from './shared'

const customThemeGiven: TextFieldSingleValidation = (value, args) =>
  (args.siblingData as { theme?: string }).theme === CUSTOM_THEME && !value?.trim() ? 'Please describe the custom theme.' : text(value, args)

/** What the customer chose in the order form: package, use, theme, their note, streaming and how they pay. */
export const choiceFields: Field[] = [
  {
    type: 'row',
    fields: [
      {
        name: 'package',
        label: { de: 'Paket', en: 'Package' },
        type: 'text',
        required: true,
        access: fixedOnceOrdered,
        admin: { components: { Field: component('ReadOnlyValueField'), Cell: component('ChoiceCell') } },
      },
      {
        name: 'use_type',
        label: { de: 'Einsatzbereich', en: 'Use type' },
        type: 'text',
        access: sellerOnly,
        admin: { components: { Field: component('ReadOnlyValueField'), Cell: component('ChoiceCell') } },
      },
      {
        name: 'theme',
        label: { de: 'Fokusthema', en: 'Focus theme' },
        type: 'text',
        required: true,
        access: sellerOnly,
        admin: { components: { Field: component('ReadOnlyValueField'), Cell: component('ChoiceCell') } },
      },
    ],
  },
  {
    name: 'custom_theme',
    label: { de: 'Eigenes Thema des Kunden', en: "Customer's own theme" },
    type: 'text',
    maxLength: ORDER_LIMITS.customTheme,
    access: sellerOnly,
    admin: { condition: (_, siblingData) => siblingData?.theme === CUSTOM_THEME, ...shownAsText },
    validate: customThemeGiven,
  },
  {
    name: 'personal_note',
    label: { de: 'Persönliche Nachricht', en: 'Personal note' },
    type: 'textarea',
    maxLength: ORDER_LIMITS.personalNote,
    access: sellerOnly,
    admin: shownAsText,
  },
  {
    type: 'row',
    fields: [
      {
        name: 'spotify_option',
        label: { de: 'Mit Streaming-Veröffentlichung', en: 'With streaming release' },
        type: 'checkbox',
        defaultValue: false,
        access: fixedOnceOrdered,
        admin: shownAsText,
      },
      {
        name: 'payment_method',
        label: { de: 'Zahlungsart', en: 'Payment method' },
        type: 'select',
        required: true,
        defaultValue: 'prepayment',
        access: fixedOnceOrdered,
        admin: shownAsText,
        options: PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_TABLE[value].label })),
      },
    ],
  },
]
