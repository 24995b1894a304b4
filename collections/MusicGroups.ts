import type { CollectionConfig } from 'payload'
import { publishedOrSeller } from './access/publishedOrSeller'
import { scheduledReleases } from './fields/scheduledReleases'
import { isAdmin } from './access/isAdmin'
import { catalogChangeHooks } from './hooks/announceCatalogChange'
import { withMailingOnPublish } from './hooks/startWaitingMailing'
import { sendToFollowersField } from './fields/sendToFollowers'
import { downloadCodesField } from './fields/downloadCodes'
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
  hooks: withMailingOnPublish(catalogChangeHooks('music-groups'), 'music-groups'),
  fields: [
    sendToFollowersField,
    downloadCodesField,
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
      // Read by src/feeds/podcast.ts: off, the album has no podcast feed (404).
      name: 'podcast',
      label: { de: 'Als Podcast anbieten', en: 'Offer as a podcast' },
      type: 'checkbox',
      defaultValue: false,
      admin: {
        position: 'sidebar',
        description: {
          de: 'Die öffentlichen Titel erscheinen als Folgen eines Podcast-Feeds (…/podcast.xml), den Podcast-Apps abonnieren können.',
          en: 'Its public tracks appear as the episodes of a podcast feed (…/podcast.xml) that podcast apps can subscribe to.',
        },
      },
    },
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
