import type { CollectionConfig } from 'payload'
import { AUDIO_DIR } from '../../src/config/paths'
import { isAdmin } from '../access/isAdmin'
import { publicOrOwnAudio } from '../access/publicOrOwnAudio'
import { adminOrRecordingUpload } from '../access/recordingThroughShop'
import { storeDuration } from './hooks/storeDuration'
import { plainUploadName } from '../hooks/plainUploadName'
import { serveFromMediaRoute } from '../hooks/serveFromMediaRoute'
import { catalogChangeHooks } from '../hooks/announceCatalogChange'
import { removeCachedMp3 } from './hooks/removeCachedMp3'
import { forgetPeaksOfReplacedFile, queuePeaksOfNewFile } from './hooks/computePeaks'
import { writtenByServer } from '../access/nobody'
import { lockAudioRowsBeforeChange } from './hooks/lockAudioRows'

export const AUDIO_MIME_TYPES = [
  'audio/mpeg',
  'audio/ogg',
  'audio/opus',
  'audio/webm',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  // Browsers record audio-only WebM that content sniffing reports as video/webm.
  'video/webm',
]

/**
 * Every audio file: catalog tracks (public), customers' voice recordings and the songs the
 * seller delivers (private to their owner). A new file is private until the seller marks it as a
 * catalog track: a delivery uploaded from an order's form is never public, not even between the
 * upload and the order's save, nor when the form is abandoned.
 */
const catalogChange = catalogChangeHooks('audio', (doc) => doc.purpose === 'track')

export const Audio: CollectionConfig = {
  slug: 'audio',
  labels: {
    singular: { de: 'Audiodatei', en: 'Audio file' },
    plural: { de: 'Audiodateien', en: 'Audio files' },
  },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'filename', 'purpose', 'duration'],
    group: { de: 'Medien', en: 'Media' },
  },
  access: { read: publicOrOwnAudio, create: adminOrRecordingUpload, update: isAdmin, delete: isAdmin },
  upload: {
    staticDir: AUDIO_DIR,
    mimeTypes: AUDIO_MIME_TYPES,
  },
  hooks: {
    beforeOperation: [plainUploadName, lockAudioRowsBeforeChange],
    beforeChange: [storeDuration, forgetPeaksOfReplacedFile],
    afterRead: [serveFromMediaRoute('audio')],
    // Only catalog tracks are read by the storefront; customers' recordings and deliveries are not.
    // A new or replaced file of any kind gets its waveform computed.
    afterChange: [...catalogChange.afterChange, queuePeaksOfNewFile],
    afterDelete: [...catalogChange.afterDelete, removeCachedMp3],
  },
  fields: [
    { name: 'title', label: { de: 'Titel', en: 'Title' }, type: 'text' },
    {
      name: 'purpose',
      label: { de: 'Verwendung', en: 'Purpose' },
      type: 'select',
      required: true,
      defaultValue: 'delivery',
      index: true,
      options: [
        { value: 'track', label: { de: 'Katalog-Titel (öffentlich)', en: 'Catalog track (public)' } },
        { value: 'recording', label: { de: 'Sprachaufnahme eines Kunden (privat)', en: "Customer's voice recording (private)" } },
        { value: 'delivery', label: { de: 'Lieferung an einen Kunden (privat)', en: 'Delivery to a customer (private)' } },
      ],
      admin: {
        description: {
          de: 'Neue Dateien sind privat. Nur ein „Katalog-Titel“ ist für alle hörbar.',
          en: 'New files are private. Only a "catalog track" can be heard by everyone.',
        },
      },
    },
    {
      name: 'owner',
      label: { de: 'Kunde', en: 'Customer' },
      type: 'relationship',
      relationTo: 'users',
      index: true,
      admin: {
        condition: (_, siblingData) => siblingData?.purpose !== 'track',
        description: { de: 'Nur dieser Kunde kann die Datei hören.', en: 'Only this customer can listen to the file.' },
      },
    },
    {
      name: 'duration',
      label: { de: 'Dauer (Sekunden)', en: 'Duration (seconds)' },
      type: 'number',
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      // The waveform (src/player/peaks.ts), computed by a job from the file; served by /api/audio/{id}/peaks/.
      name: 'peaks',
      label: { de: 'Wellenform', en: 'Waveform' },
      type: 'json',
      access: writtenByServer,
      admin: { readOnly: true, hidden: true },
    },
  ],
}
