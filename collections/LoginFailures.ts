import type { CollectionConfig } from 'payload'
import { isAdmin } from './access/isAdmin'

/**
 * Failed logins per client address, for the per-address limit of src/auth/login-limit.ts
 * (on top of Payload's per-account lockout). Server bookkeeping only: hidden in the admin panel,
 * closed to everyone but the seller, pruned once older than the limit's window.
 */
export const LoginFailures: CollectionConfig = {
  slug: 'login-failures',
  labels: {
    singular: { de: 'Fehlgeschlagene Anmeldung', en: 'Failed login' },
    plural: { de: 'Fehlgeschlagene Anmeldungen', en: 'Failed logins' },
  },
  admin: { hidden: true },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    {
      // A keyed hash of the client's IP address: enough to count attempts, not to identify anyone.
      name: 'address_fingerprint',
      type: 'text',
      required: true,
      index: true,
    },
  ],
}
