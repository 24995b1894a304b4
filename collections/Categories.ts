import type { CollectionConfig } from 'payload'
import { anyone } from './access/anyone'
import { isAdmin } from './access/isAdmin'
import { catalogChangeHooks } from './hooks/announceCatalogChange'

export const Categories: CollectionConfig = {
  slug: 'categories',
  labels: {
    singular: { de: 'Kategorie', en: 'Category' },
    plural: { de: 'Kategorien', en: 'Categories' },
  },
  orderable: true,
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'cover'], group: { de: 'Musik', en: 'Music' } },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: catalogChangeHooks('categories'),
  fields: [
    { name: 'title', label: { de: 'Titel', en: 'Title' }, type: 'text', required: true, localized: true },
    { name: 'description', label: { de: 'Beschreibung', en: 'Description' }, type: 'textarea', localized: true },
    { name: 'cover', label: { de: 'Cover', en: 'Cover' }, type: 'upload', relationTo: 'media' },
    {
      // The tracks that name this category; also gives the category's track count.
      name: 'tracks',
      label: { de: 'Titel dieser Kategorie', en: 'Tracks in this category' },
      type: 'join',
      collection: 'tracks',
      on: 'categories',
    },
  ],
}
