import type { CollectionConfig } from 'payload'
import type { Track } from '../../payload-types'
import { publishedOrSeller } from '../access/publishedOrSeller'
import { scheduledReleases } from '../fields/scheduledReleases'
import { isAdmin } from '../access/isAdmin'
import { catalogChangeHooks } from '../hooks/announceCatalogChange'
import { withMailingOnPublish } from '../hooks/startWaitingMailing'
import { sendToFollowersField } from '../fields/sendToFollowers'
import { downloadCodesField } from '../fields/downloadCodes'
import { trackFromAudio } from './hooks/trackFromAudio'
import { storefrontPreview } from '../fields/storefrontPreview'
import { withOtherLanguage } from '../fields/otherLanguage'
import { saleSettings } from '../fields/saleSettings'

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
      de: 'Neuer Titel in einem Schritt: Audiodatei auf das Feld ziehen und im Fenster speichern, ein Cover wählen oder hochladen, speichern – Titel und Dauer werden aus der Datei gelesen. Die Reihenfolge legen Sie im Album bzw. in der Playlist fest.',
      en: 'A new track in one step: drop the audio file on its field and save in the drawer, choose or upload a cover, save – title and duration are read from the file. The order is set in the album or playlist.',
    },
    preview: storefrontPreview('tracks'),
  },
  access: { read: publishedOrSeller, readVersions: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  versions: scheduledReleases,
  hooks: { beforeChange: [trackFromAudio], ...withMailingOnPublish(catalogChangeHooks('tracks'), 'tracks') },
  fields: [
    {
      name: 'audio',
      label: { de: 'Audiodatei', en: 'Audio file' },
      type: 'upload',
      relationTo: 'audio',
      required: true,
      // Catalog tracks, and files just dropped here that nobody owns yet (trackFromAudio makes them public on save).
      filterOptions: { or: [{ purpose: { equals: 'track' } }, { and: [{ purpose: { equals: 'delivery' } }, { owner: { exists: false } }] }] },
    },
    {
      // Read from the file when it was uploaded (collections/Audio/hooks/storeDuration.ts); shown, never typed.
      name: 'duration',
      label: { de: 'Dauer in Sekunden (aus der Datei)', en: 'Duration in seconds (from the file)' },
      type: 'number',
      virtual: 'audio.duration',
      admin: { readOnly: true },
    },
    withOtherLanguage({
      name: 'title',
      label: { de: 'Titel', en: 'Title' },
      type: 'text',
      required: true,
      localized: true,
      // Left empty, it is taken from the audio file on save (trackFromAudio); hence a validation of its own.
      validate: (value: unknown, { siblingData }: { siblingData: Partial<Track> }) =>
        (typeof value === 'string' && value.trim() !== '') || Boolean(siblingData?.audio) ? true : 'Bitte einen Titel angeben. / Please enter a title.',
      admin: {
        description: { de: 'Leer lassen: Der Titel wird aus der Audiodatei übernommen.', en: 'Leave empty: the title is taken from the audio file.' },
      },
    }),
    { name: 'cover', label: { de: 'Cover', en: 'Cover' }, type: 'upload', relationTo: 'media' },
    sendToFollowersField,
    downloadCodesField,
    {
      name: 'categories',
      label: { de: 'Kategorien', en: 'Categories' },
      type: 'relationship',
      relationTo: 'categories',
      hasMany: true,
    },
    saleSettings({ de: 'der Titel einzeln', en: 'the track on its own' }),
  ],
}
