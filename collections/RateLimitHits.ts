import type { CollectionConfig } from 'payload'
import { isAdmin } from './access/isAdmin'

/**
 * One row per counted event of a rate limit (src/auth/rate-limit.ts): failed logins per address
 * and per account, registrations per address, contact messages per sender and overall. Server
 * bookkeeping only: hidden in the admin panel, closed to everyone but the seller, pruned after a day.
 */
export const RateLimitHits: CollectionConfig = {
  slug: 'rate-limit-hits',
  labels: {
    singular: { de: 'Zähler-Eintrag', en: 'Rate-limit hit' },
    plural: { de: 'Zähler-Einträge', en: 'Rate-limit hits' },
  },
  admin: { hidden: true },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    {
      // What is counted and for whom, e.g. `login-address:<keyed hash of the IP>` or `login-account:<user id>`.
      name: 'limit_key',
      type: 'text',
      required: true,
      index: true,
    },
  ],
}
