import type { SelectField } from 'payload'

/** Accent colour of a card in the storefront; a fixed palette keeps the design consistent. */
export const colorClassField = (): SelectField => ({
  name: 'color_class',
  label: { de: 'Farbe', en: 'Colour' },
  type: 'select',
  required: true,
  defaultValue: 'teal',
  options: [
    { value: 'teal', label: { de: 'Petrol', en: 'Teal' } },
    { value: 'indigo', label: { de: 'Indigo', en: 'Indigo' } },
    { value: 'amber', label: { de: 'Bernstein', en: 'Amber' } },
    { value: 'rose', label: { de: 'Rosé', en: 'Rose' } },
    { value: 'sage', label: { de: 'Salbei', en: 'Sage' } },
    { value: 'sky', label: { de: 'Himmelblau', en: 'Sky blue' } },
    { value: 'violet', label: { de: 'Violett', en: 'Violet' } },
  ],
})
