import type { CollectionConfig } from 'payload'
import { anyone } from './access/anyone'
import { isAdmin } from './access/isAdmin'
import { catalogChangeHooks } from './hooks/announceCatalogChange'
import { publishTrackAudio } from './hooks/publishTrackAudio'
import { storefrontPreview } from './fields/storefrontPreview'
import { withOtherLanguage } from './fields/otherLanguage'

export const Tracks: CollectionConfig = {
  slug: 'tracks',
  labels: {
    singular: { de: 'Titel', en: 'Track' },
    plural: { de: 'Titel', en: 'Tracks' },
  },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'audio', 'categories'],
    group: { de: 'Musik', en: 'Music' },
    description: {
      de: 'Neuer Titel in einem Schritt: Audiodatei auf das Feld ziehen und im Fenster speichern – Titel und Dauer werden aus der Datei gelesen. Dann ein Cover wählen oder hochladen und speichern. Die Reihenfolge legen Sie im Album bzw. in der Playlist fest.',
      en: 'A new track in one step: drop the audio file on its field and save in the drawer – title and duration are read from the file. Then choose or upload a cover and save. The order is set in the album or playlist.',
    },
    preview: storefrontPreview('tracks'),
  },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: { beforeChange: [publishTrackAudio], ...catalogChangeHooks('tracks') },
  fields: [
    {
      name: 'audio',
      label: { de: 'Audiodatei', en: 'Audio file' },
      type: 'upload',
      relationTo: 'audio',
      required: true,
      // Catalog tracks, and files just dropped here that nobody owns yet (publishTrackAudio makes them public on save).
      filterOptions: { or: [{ purpose: { equals: 'track' } }, { and: [{ purpose: { equals: 'delivery' } }, { owner: { exists: false } }] }] },
      admin: { components: { afterInput: ['/src/components/admin/catalog/TrackAudioFacts#TrackAudioFacts'] } },
    },
    withOtherLanguage({ name: 'title', label: { de: 'Titel', en: 'Title' }, type: 'text', required: true, localized: true }),
    { name: 'cover', label: { de: 'Cover', en: 'Cover' }, type: 'upload', relationTo: 'media' },
    {
      name: 'categories',
      label: { de: 'Kategorien', en: 'Categories' },
      type: 'relationship',
      relationTo: 'categories',
      hasMany: true,
    },
  ],
}
