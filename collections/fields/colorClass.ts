import type { SelectField } from 'payload'

/** Accent colour of a card in the storefront; a fixed palette keeps the design consistent. */
export const colorClassField = (): SelectField => ({
  name: 'color_class',
  label: { de: 'Farbe', en: 'Colour' },
  type: 'select',
  required: true,
  defaultValue: 'teal',
  options: ['teal', 'indigo', 'amber', 'rose', 'sage', 'sky', 'violet'].map((value) => ({ value, label: value })),
})
