import type { CollectionConfig } from 'payload'
import { anyone } from './access/anyone'
import { isAdmin } from './access/isAdmin'
import { colorClassField } from './fields/colorClass'
import { iconField } from './fields/icon'
import { slugField } from './fields/slug'
import { catalogChangeHooks } from './hooks/announceCatalogChange'
import { withOtherLanguage } from './fields/otherLanguage'

/** What the custom song is for (meditation, sleep, yoga …): step two of the wizard. */
export const UseTypes: CollectionConfig = {
  slug: 'use-types',
  labels: {
    singular: { de: 'Einsatzbereich', en: 'Use type' },
    plural: { de: 'Einsatzbereiche', en: 'Use types' },
  },
  orderable: true,
  admin: { useAsTitle: 'label', defaultColumns: ['label', 'slug', 'icon'], group: { de: 'Wunschsong', en: 'Custom song' } },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: catalogChangeHooks('use-types'),
  fields: [
    slugField(),
    withOtherLanguage({ name: 'label', label: { de: 'Bezeichnung', en: 'Label' }, type: 'text', required: true, localized: true }),
    iconField(),
    colorClassField(),
  ],
}
