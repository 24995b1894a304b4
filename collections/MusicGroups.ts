import type { CollectionConfig } from 'payload'
import { publishedOrSeller } from './access/publishedOrSeller'
import { scheduledReleases } from './fields/scheduledReleases'
import { isAdmin } from './access/isAdmin'
import { catalogChangeHooks } from './hooks/announceCatalogChange'
import { storefrontPreview } from './fields/storefrontPreview'
import { withOtherLanguage } from './fields/otherLanguage'
import { saleSettings } from './fields/saleSettings'

/** Albums, singles and playlists: an ordered list of tracks with a cover. */
export const MusicGroups: CollectionConfig = {
  slug: 'music-groups',
  labels: {
    singular: { de: 'Album / Playlist', en: 'Album / playlist' },
    plural: { de: 'Alben & Playlists', en: 'Albums & playlists' },
  },
  orderable: true,
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'form', 'release_date'],
    group: { de: 'Musik', en: 'Music' },
    preview: storefrontPreview('music-groups'),
  },
  access: { read: publishedOrSeller, readVersions: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  versions: scheduledReleases,
  hooks: catalogChangeHooks('music-groups'),
  fields: [
    withOtherLanguage({ name: 'title', label: { de: 'Titel', en: 'Title' }, type: 'text', required: true, localized: true }),
    {
      name: 'form',
      label: { de: 'Form', en: 'Form' },
      type: 'select',
      required: true,
      defaultValue: 'album',
      options: [
        { value: 'album', label: { de: 'Album', en: 'Album' } },
        { value: 'single', label: { de: 'Single', en: 'Single' } },
        { value: 'playlist', label: { de: 'Playlist', en: 'Playlist' } },
      ],
    },
    { name: 'cover', label: { de: 'Cover', en: 'Cover' }, type: 'upload', relationTo: 'media' },
    withOtherLanguage({ name: 'description', label: { de: 'Beschreibung', en: 'Description' }, type: 'textarea', localized: true }),
    { name: 'release_date', label: { de: 'Erscheinungsdatum', en: 'Release date' }, type: 'date' },
    {
      name: 'tracks',
      label: { de: 'Titel (in Abspielreihenfolge)', en: 'Tracks (in playing order)' },
      type: 'relationship',
      relationTo: 'tracks',
      hasMany: true,
      admin: {
        isSortable: true,
        description: {
          de: 'Ziehen Sie die Titel an ihren Griffen in die Reihenfolge, in der sie im Shop spielen.',
          en: 'Drag the tracks by their handles into the order in which they play in the shop.',
        },
      },
    },
    saleSettings({ de: 'das Album (mit allen seinen Titeln)', en: 'the album (with all its tracks)' }),
  ],
}
