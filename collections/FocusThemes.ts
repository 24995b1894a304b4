import type { CollectionConfig } from 'payload'
import { anyone } from './access/anyone'
import { isAdmin } from './access/isAdmin'
import { iconField } from './fields/icon'
import { slugField } from './fields/slug'
import { catalogChangeHooks } from './hooks/announceCatalogChange'
import { withOtherLanguage } from './fields/otherLanguage'

/** The theme a custom song focuses on; the slug "custom" lets the customer write their own. */
export const FocusThemes: CollectionConfig = {
  slug: 'focus-themes',
  labels: {
    singular: { de: 'Fokusthema', en: 'Focus theme' },
    plural: { de: 'Fokusthemen', en: 'Focus themes' },
  },
  orderable: true,
  admin: { useAsTitle: 'label', defaultColumns: ['label', 'slug', 'icon'], group: { de: 'Wunschsong', en: 'Custom song' } },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: catalogChangeHooks('focus-themes'),
  fields: [
    slugField(),
    withOtherLanguage({ name: 'label', label: { de: 'Bezeichnung', en: 'Label' }, type: 'text', required: true, localized: true }),
    iconField(),
  ],
}
