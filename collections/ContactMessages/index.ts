import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { sentThroughContactForm } from '../access/sentThroughContactForm'
import { mailContactMessage } from './hooks/mailContactMessage'
import { CONTACT_LIMITS } from '../../src/rules/limits'

/** Messages from the contact form, for the seller to read and answer. */
export const ContactMessages: CollectionConfig = {
  slug: 'contact-messages',
  labels: {
    singular: { de: 'Kontaktanfrage', en: 'Contact message' },
    plural: { de: 'Kontaktanfragen', en: 'Contact messages' },
  },
  defaultSort: '-createdAt',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'email', 'status', 'createdAt'],
    group: { de: 'Shop', en: 'Shop' },
  },
  access: { create: sentThroughContactForm, read: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: { afterChange: [mailContactMessage] },
  fields: [
    { name: 'name', label: { de: 'Name', en: 'Name' }, type: 'text', required: true, maxLength: CONTACT_LIMITS.name },
    { name: 'email', label: { de: 'E-Mail', en: 'E-mail' }, type: 'email', required: true },
    { name: 'message', label: { de: 'Nachricht', en: 'Message' }, type: 'textarea', required: true, maxLength: CONTACT_LIMITS.message },
    {
      // The language the visitor wrote in: their receipt comes in it, and the seller sees it.
      name: 'locale',
      label: { de: 'Sprache', en: 'Language' },
      type: 'select',
      defaultValue: 'de',
      options: [
        { value: 'de', label: 'Deutsch' },
        { value: 'en', label: 'English' },
      ],
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'status',
      label: { de: 'Status', en: 'Status' },
      type: 'select',
      required: true,
      defaultValue: 'new',
      options: [
        { value: 'new', label: { de: 'Neu', en: 'New' } },
        { value: 'answered', label: { de: 'Beantwortet', en: 'Answered' } },
        { value: 'archived', label: { de: 'Archiviert', en: 'Archived' } },
      ],
      admin: { position: 'sidebar' },
    },
    {
      // A keyed hash of the sender's IP address: enough to slow down floods, not to identify anyone.
      name: 'sender_fingerprint',
      type: 'text',
      index: true,
      admin: { hidden: true },
      access: { read: () => false, update: () => false },
    },
  ],
}
