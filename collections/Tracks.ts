import type { CollectionConfig } from 'payload'
import { anyone } from './access/anyone'
import { isAdmin } from './access/isAdmin'
import { catalogChangeHooks } from './hooks/announceCatalogChange'

export const Tracks: CollectionConfig = {
  slug: 'tracks',
  labels: {
    singular: { de: 'Titel', en: 'Track' },
    plural: { de: 'Titel', en: 'Tracks' },
  },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'audio', 'categories'], group: { de: 'Musik', en: 'Music' } },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: catalogChangeHooks('tracks'),
  fields: [
    { name: 'title', label: { de: 'Titel', en: 'Title' }, type: 'text', required: true, localized: true },
    { name: 'cover', label: { de: 'Cover', en: 'Cover' }, type: 'upload', relationTo: 'media' },
    {
      name: 'audio',
      label: { de: 'Audiodatei', en: 'Audio file' },
      type: 'upload',
      relationTo: 'audio',
      required: true,
      filterOptions: { purpose: { equals: 'track' } },
    },
    {
      name: 'categories',
      label: { de: 'Kategorien', en: 'Categories' },
      type: 'relationship',
      relationTo: 'categories',
      hasMany: true,
    },
  ],
}
