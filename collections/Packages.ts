import type { CollectionConfig } from 'payload'
import { anyone } from './access/anyone'
import { isAdmin } from './access/isAdmin'
import { colorClassField } from './fields/colorClass'
import { slugField } from './fields/slug'
import { catalogChangeHooks } from './hooks/announceCatalogChange'
import { withOtherLanguage } from './fields/otherLanguage'

/** The three custom-song packages (soundtouch, vocalbalance, deepflow). */
export const Packages: CollectionConfig = {
  slug: 'packages',
  labels: {
    singular: { de: 'Paket', en: 'Package' },
    plural: { de: 'Pakete', en: 'Packages' },
  },
  orderable: true,
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'slug', 'price', 'allows_recording'], group: { de: 'Wunschsong', en: 'Custom song' } },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: catalogChangeHooks('packages'),
  fields: [
    slugField(),
    withOtherLanguage({ name: 'name', label: { de: 'Name', en: 'Name' }, type: 'text', required: true, localized: true }),
    { name: 'image', label: { de: 'Bild', en: 'Image' }, type: 'upload', relationTo: 'media' },
    {
      name: 'price',
      label: { de: 'Preis in Euro (inkl. MwSt.)', en: 'Price in euros (VAT included)' },
      type: 'number',
      required: true,
      min: 0,
      max: 100000,
    },
    withOtherLanguage({
      name: 'highlights',
      label: { de: 'Leistungen (eine pro Zeile)', en: 'Highlights (one per line)' },
      type: 'textarea',
      localized: true,
    }),
    colorClassField(),
    {
      name: 'allows_recording',
      label: { de: 'Sprachaufnahme möglich', en: 'Voice recording allowed' },
      type: 'checkbox',
      defaultValue: false,
    },
    {
      type: 'row',
      fields: [
        {
          name: 'turnaround_days',
          label: { de: 'Lieferzeit in Tagen', en: 'Turnaround in days' },
          type: 'number',
          required: true,
          defaultValue: 14,
          min: 1,
          max: 365,
          admin: {
            description: {
              de: 'Ab Zahlungseingang; daraus ergibt sich das Fälligkeitsdatum einer Bestellung.',
              en: 'From payment; gives an order its due date.',
            },
          },
        },
        {
          name: 'revisions_included',
          label: { de: 'Enthaltene Überarbeitungen', en: 'Revisions included' },
          type: 'number',
          required: true,
          defaultValue: 1,
          min: 0,
          max: 10,
          admin: {
            description: {
              de: 'So oft kann der Kunde vor seiner Bestätigung eine Überarbeitung wünschen.',
              en: 'How often the customer may ask for a revision before confirming.',
            },
          },
        },
      ],
    },
  ],
}
