import type { TextField } from 'payload'

/** A short symbol shown on the wizard's cards (an emoji keeps it editable without design tools). */
export const iconField = (): TextField => ({
  name: 'icon',
  label: { de: 'Symbol', en: 'Icon' },
  type: 'text',
  maxLength: 16,
  admin: { description: { de: 'Ein Emoji, z. B. 🌙', en: 'An emoji, e.g. 🌙' } },
})
