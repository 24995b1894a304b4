import type { Field } from 'payload'
import { adminOrRecordingUploadField } from '../../access/recordingThroughShop'
import { ORDER_LIMITS } from '../../../src/rules/limits'
import { component } from './shared'

/** The files of the order: the customer's voice recordings and the seller's deliveries, with the "deliver the song" form. */
export const deliveryFields: Field[] = [
  {
    name: 'files_overview',
    type: 'ui',
    admin: { components: { Field: component('OrderFilesField') } },
  },
  {
    name: 'deliver_song',
    type: 'ui',
    admin: { components: { Field: component('DeliverSongField') } },
  },
  {
    name: 'uploads',
    label: { de: 'Dateien', en: 'Files' },
    labels: { singular: { de: 'Datei', en: 'File' }, plural: { de: 'Dateien', en: 'Files' } },
    type: 'array',
    access: { update: adminOrRecordingUploadField },
    admin: {
      description: {
        de: 'Sprachaufnahmen des Kunden und Ihre Lieferungen. Eine Datei, die Sie hier hinzufügen, kann nur dieser Kunde in seinem Konto anhören und herunterladen.',
        en: "The customer's voice recordings and your deliveries. A file you add here can be heard and downloaded by this customer alone, in their account.",
      },
    },
    fields: [
      { name: 'audio', label: { de: 'Audiodatei', en: 'Audio file' }, type: 'upload', relationTo: 'audio', required: true },
      {
        name: 'description',
        label: { de: 'Beschreibung', en: 'Description' },
        type: 'text',
        maxLength: ORDER_LIMITS.uploadDescription,
      },
      {
        // Numbered by collections/Orders/hooks/numberDeliveryVersions.ts: which delivery (before or after which revision request) the file belongs to.
        name: 'version',
        label: { de: 'Fassung', en: 'Version' },
        type: 'number',
        admin: { readOnly: true, description: { de: 'Wird beim Hochladen gesetzt.', en: 'Set on upload.' } },
      },
    ],
  },
]
