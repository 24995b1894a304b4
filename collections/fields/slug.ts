import type { TextField } from 'payload'

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A stable, URL-safe key (e.g. "deepflow") that links, carts and orders refer to. */
export const slugField = (): TextField => ({
  name: 'slug',
  type: 'text',
  required: true,
  unique: true,
  index: true,
  admin: {
    position: 'sidebar',
    description: {
      de: 'Kleinbuchstaben, Ziffern und Bindestriche; wird in Adressen und Bestellungen verwendet.',
      en: 'Lower-case letters, digits and hyphens; used in addresses and orders.',
    },
  },
  validate: (value: unknown) => (typeof value === 'string' && SLUG.test(value) ? true : 'Use lower-case letters, digits and hyphens only.'),
})
