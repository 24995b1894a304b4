import type { CollectionConfig } from 'payload'
import { adminOrOwnRecord } from './access/adminOrOwnRecord'
import { isAdmin } from './access/isAdmin'
import { madeOnOrderPage } from './access/madeOnOrderPage'
import { nobodyField } from './access/nobody'
import { revokeOnce } from './access/revokeOnce'
import { DEDICATION_MAX_LENGTH } from '../src/gifts/limits'
import { DAY_AND_TIME } from './fields/dayAndTime'

/** Set when the link is made, never changed afterwards. */
const asCreated = { access: { update: nobodyField }, admin: { readOnly: true } } as const

/**
 * Private share links for a delivered song (the gift page /geschenk/{token}, src/gifts). Only the
 * SHA-256 of each link's token is stored, so the database alone opens no gift page; the customer
 * sees the link once, when making it, and can revoke it at any time.
 */
export const GiftLinks: CollectionConfig = {
  slug: 'gift-links',
  labels: {
    singular: { de: 'Geschenk-Link', en: 'Gift link' },
    plural: { de: 'Geschenk-Links', en: 'Gift links' },
  },
  defaultSort: '-createdAt',
  admin: {
    defaultColumns: ['order', 'customer', 'dedication', 'revoked_at', 'createdAt'],
    group: { de: 'Shop', en: 'Shop' },
    description: {
      de: 'Links, mit denen Kunden ihren Song verschenken (Player, Cover, Widmung; ohne Anmeldung). Ein widerrufener Link zeigt nichts mehr.',
      en: 'Links by which customers give their song as a gift (player, cover, dedication; no login). A revoked link shows nothing any more.',
    },
  },
  access: { read: adminOrOwnRecord, create: madeOnOrderPage, update: adminOrOwnRecord, delete: isAdmin },
  fields: [
    { name: 'order', label: { de: 'Bestellung', en: 'Order' }, type: 'relationship', relationTo: 'orders', required: true, index: true, ...asCreated },
    { name: 'customer', label: { de: 'Kunde', en: 'Customer' }, type: 'relationship', relationTo: 'users', required: true, index: true, ...asCreated },
    { name: 'audio', label: { de: 'Song', en: 'Song' }, type: 'upload', relationTo: 'audio', required: true, ...asCreated },
    {
      name: 'dedication',
      label: { de: 'Widmung', en: 'Dedication' },
      type: 'textarea',
      maxLength: DEDICATION_MAX_LENGTH,
      ...asCreated,
    },
    // The SHA-256 of the link's token; no caller reads it.
    { name: 'token_hash', type: 'text', required: true, unique: true, access: { read: nobodyField, update: nobodyField }, admin: { hidden: true } },
    {
      name: 'revoked_at',
      label: { de: 'Widerrufen am', en: 'Revoked at' },
      type: 'date',
      index: true,
      access: { update: revokeOnce },
      admin: { position: 'sidebar', date: DAY_AND_TIME },
    },
  ],
}
