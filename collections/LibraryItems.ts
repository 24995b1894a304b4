import type { CollectionConfig } from 'payload'
import { adminOrOwnRecord } from './access/adminOrOwnRecord'
import { nobody } from './access/nobody'
import { DAY_AND_TIME } from './fields/dayAndTime'
import { LIBRARY_SOURCES } from '../src/purchases/status'
import { SALE_FORMAT_LABELS, SALE_FORMATS } from '../src/rules/catalog-sale'

const readOnly = { readOnly: true } as const

/**
 * The music a customer owns ("Meine Musik" / "My music"): one row per album or track, granted by the
 * server when a purchase is paid, a download code redeemed or a free download taken, and revoked
 * (never deleted) when the purchase is refunded. `grant_key` names the grant (e.g.
 * `purchase:12:music-group:3`, `code:55`); the database refuses a second row for it, so twenty
 * paid events or redemptions at once grant once.
 */
export const LibraryItems: CollectionConfig = {
  slug: 'library-items',
  labels: {
    singular: { de: 'Musik eines Kunden', en: 'Customer’s music' },
    plural: { de: 'Musik der Kunden', en: 'Customers’ music' },
  },
  defaultSort: '-granted_at',
  admin: {
    defaultColumns: ['customer', 'kind', 'music_group', 'track', 'source', 'granted_at', 'revoked_at'],
    group: { de: 'Shop', en: 'Shop' },
    description: {
      de: 'Welche Alben und Titel Kunden besitzen: gekauft, mit Code eingelöst oder kostenlos geladen. Entsteht automatisch.',
      en: 'Which albums and tracks customers own: bought, redeemed with a code or taken for free. Made automatically.',
    },
  },
  access: { read: adminOrOwnRecord, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'customer', label: { de: 'Kunde', en: 'Customer' }, type: 'relationship', relationTo: 'users', required: true, index: true, admin: readOnly },
    {
      name: 'kind',
      label: { de: 'Art', en: 'Kind' },
      type: 'select',
      required: true,
      options: [
        { value: 'music-group', label: { de: 'Album', en: 'Album' } },
        { value: 'track', label: { de: 'Titel', en: 'Track' } },
      ],
      admin: readOnly,
    },
    { name: 'music_group', label: { de: 'Album', en: 'Album' }, type: 'relationship', relationTo: 'music-groups', index: true, admin: readOnly },
    { name: 'track', label: { de: 'Titel', en: 'Track' }, type: 'relationship', relationTo: 'tracks', index: true, admin: readOnly },
    {
      name: 'formats',
      label: { de: 'Formate', en: 'Formats' },
      type: 'select',
      hasMany: true,
      options: SALE_FORMATS.map((value) => ({ value, label: SALE_FORMAT_LABELS[value] })),
      admin: readOnly,
    },
    {
      name: 'source',
      label: { de: 'Herkunft', en: 'Source' },
      type: 'select',
      required: true,
      options: LIBRARY_SOURCES.map((value) => ({
        value,
        label: { purchase: { de: 'Kauf', en: 'Purchase' }, code: { de: 'Download-Code', en: 'Download code' }, free: { de: 'Kostenlos', en: 'Free' } }[value],
      })),
      admin: readOnly,
    },
    { name: 'purchase', label: { de: 'Kauf', en: 'Purchase' }, type: 'relationship', relationTo: 'purchases', index: true, admin: readOnly },
    { name: 'grant_key', type: 'text', required: true, unique: true, admin: { hidden: true } },
    { name: 'granted_at', label: { de: 'Erhalten am', en: 'Granted on' }, type: 'date', required: true, admin: { readOnly: true, date: DAY_AND_TIME } },
    { name: 'revoked_at', label: { de: 'Entzogen am', en: 'Revoked on' }, type: 'date', admin: { readOnly: true, date: DAY_AND_TIME } },
  ],
}
