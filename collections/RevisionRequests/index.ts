import type { CollectionConfig } from 'payload'
import { adminOrOwnRecord } from '../access/adminOrOwnRecord'
import { isAdmin } from '../access/isAdmin'
import { madeOnOrderPage } from '../access/madeOnOrderPage'
import { nobody } from '../access/nobody'
import { mailRevisionRequest } from './hooks/mailRevisionRequest'
import { REVISION_MESSAGE_LIMITS } from '../../src/revisions/limits'

/**
 * A customer's wish for a revision of their delivered song, asked on the order page
 * (POST /api/orders/{id}/revisions/, src/revisions/request-revision.ts). Kept as asked: the seller
 * reads it here and beside the order, the customer sees it between the song's versions.
 */
export const RevisionRequests: CollectionConfig = {
  slug: 'revision-requests',
  labels: {
    singular: { de: 'Überarbeitungswunsch', en: 'Revision request' },
    plural: { de: 'Überarbeitungswünsche', en: 'Revision requests' },
  },
  defaultSort: '-createdAt',
  admin: {
    useAsTitle: 'message',
    defaultColumns: ['order', 'customer', 'delivery_version', 'message', 'createdAt'],
    group: { de: 'Shop', en: 'Shop' },
    description: {
      de: 'Was Kunden an ihrem gelieferten Song geändert haben möchten. Laden Sie die neue Fassung in der Bestellung hoch: Sie wird wieder „Geliefert“ und der Kunde bekommt eine E-Mail.',
      en: 'What customers would like changed in their delivered song. Upload the new version in the order: it becomes "Delivered" again and the customer gets a mail.',
    },
  },
  access: { read: adminOrOwnRecord, create: madeOnOrderPage, update: nobody, delete: isAdmin },
  hooks: { afterChange: [mailRevisionRequest] },
  fields: [
    {
      name: 'order',
      label: { de: 'Bestellung', en: 'Order' },
      type: 'relationship',
      relationTo: 'orders',
      required: true,
      index: true,
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'customer',
      label: { de: 'Kunde', en: 'Customer' },
      type: 'relationship',
      relationTo: 'users',
      required: true,
      index: true,
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'delivery_version',
      label: { de: 'Zu Fassung', en: 'About version' },
      type: 'number',
      required: true,
      admin: {
        readOnly: true,
        position: 'sidebar',
        description: { de: 'Die gelieferte Fassung, die der Kunde überarbeitet haben möchte.', en: 'The delivered version the customer would like revised.' },
      },
    },
    {
      name: 'message',
      label: { de: 'Wunsch des Kunden', en: "The customer's wish" },
      type: 'textarea',
      required: true,
      minLength: REVISION_MESSAGE_LIMITS.min,
      maxLength: REVISION_MESSAGE_LIMITS.max,
      admin: { readOnly: true },
    },
  ],
}
