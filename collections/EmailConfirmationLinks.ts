import type { CollectionConfig } from 'payload'
import { nobody } from './access/nobody'

/**
 * The pending links that confirm a customer's e-mail address (src/auth/email-confirmation.ts):
 * only the SHA-256 of each link's token, the address it was sent to and when it stops working.
 * A collection of its own, not fields on the user: Payload writes the whole user row back on
 * every login (to add the session), which would undo a link issued in between.
 * Written and read by the server alone.
 */
export const EmailConfirmationLinks: CollectionConfig = {
  slug: 'email-confirmation-links',
  labels: {
    singular: { de: 'Bestätigungslink', en: 'Confirmation link' },
    plural: { de: 'Bestätigungslinks', en: 'Confirmation links' },
  },
  admin: { hidden: true },
  access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  fields: [
    // The account's id; a plain number, so deleting an account never trips over its old links.
    { name: 'user', type: 'number', required: true, index: true },
    { name: 'email', type: 'text', required: true },
    { name: 'token_hash', type: 'text', required: true, unique: true },
    { name: 'expires_at', type: 'date', required: true, index: true },
  ],
}
