import type { CollectionConfig } from 'payload'
import { isAdmin } from './access/isAdmin'
import { nobody } from './access/nobody'

/**
 * Stripe events the shop has processed, one row per event id: the webhook inserts the row in the
 * transaction that applies the event, so a replayed event changes nothing.
 */
export const PaymentEvents: CollectionConfig = {
  slug: 'payment-events',
  labels: {
    singular: { de: 'Zahlungsereignis', en: 'Payment event' },
    plural: { de: 'Zahlungsereignisse', en: 'Payment events' },
  },
  defaultSort: '-createdAt',
  admin: {
    useAsTitle: 'event_id',
    defaultColumns: ['event_id', 'type', 'order', 'purchase', 'outcome', 'createdAt'],
    group: { de: 'Verwaltung', en: 'Administration' },
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'event_id', label: { de: 'Stripe-Ereignis', en: 'Stripe event' }, type: 'text', required: true, unique: true },
    { name: 'type', label: { de: 'Art', en: 'Type' }, type: 'text', required: true },
    { name: 'order', label: { de: 'Bestellung', en: 'Order' }, type: 'relationship', relationTo: 'orders' },
    { name: 'purchase', label: { de: 'Musikkauf', en: 'Music purchase' }, type: 'relationship', relationTo: 'purchases' },
    { name: 'outcome', label: { de: 'Ergebnis', en: 'Outcome' }, type: 'text' },
  ],
}
