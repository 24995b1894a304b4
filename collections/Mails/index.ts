import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { nobody } from '../access/nobody'
import { resendMailEndpoint } from './endpoints/resendMail'
import { DAY_AND_TIME } from '../fields/dayAndTime'

const readOnly = { readOnly: true } as const

/**
 * Every mail the shop sends, one document each: queued with the change that causes it, sent by a
 * Payload job (retried with backoff), and kept with what was sent, so the seller sees whether an
 * order confirmation went out and can send a failed or lost one again.
 */
export const Mails: CollectionConfig = {
  slug: 'mails',
  labels: {
    singular: { de: 'E-Mail', en: 'E-mail' },
    plural: { de: 'E-Mails', en: 'E-mails' },
  },
  defaultSort: '-createdAt',
  admin: {
    useAsTitle: 'subject',
    defaultColumns: ['subject', 'to', 'status', 'attempts', 'sent_at', 'createdAt'],
    group: { de: 'Verwaltung', en: 'Administration' },
    description: {
      de: 'Alle E-Mails des Shops. Fehlgeschlagene werden automatisch erneut versucht; mit „Erneut senden“ schickst du eine E-Mail noch einmal.',
      en: 'Every e-mail the shop sends. Failed ones are retried automatically; "Send again" sends an e-mail once more.',
    },
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: isAdmin },
  endpoints: [resendMailEndpoint],
  fields: [
    { name: 'subject', label: { de: 'Betreff', en: 'Subject' }, type: 'text', admin: readOnly },
    { name: 'to', label: { de: 'An', en: 'To' }, type: 'email', required: true, index: true, admin: readOnly },
    { name: 'reply_to', label: { de: 'Antwort an', en: 'Reply to' }, type: 'email', admin: readOnly },
    { name: 'template', label: { de: 'Art', en: 'Kind' }, type: 'text', required: true, index: true, admin: readOnly },
    {
      name: 'locale',
      label: { de: 'Sprache', en: 'Language' },
      type: 'select',
      required: true,
      options: [
        { value: 'de', label: 'Deutsch' },
        { value: 'en', label: 'English' },
      ],
      admin: readOnly,
    },
    { name: 'data', label: { de: 'Bezug', en: 'Refers to' }, type: 'json', required: true, admin: readOnly },
    {
      name: 'status',
      label: { de: 'Status', en: 'Status' },
      type: 'select',
      required: true,
      defaultValue: 'queued',
      index: true,
      options: [
        { value: 'queued', label: { de: 'Wartet', en: 'Queued' } },
        { value: 'retrying', label: { de: 'Neuer Versuch folgt', en: 'Retrying' } },
        { value: 'sent', label: { de: 'Gesendet', en: 'Sent' } },
        { value: 'failed', label: { de: 'Fehlgeschlagen', en: 'Failed' } },
      ],
      admin: { ...readOnly, position: 'sidebar' },
    },
    {
      name: 'resend',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: '/src/components/admin/ResendMailButton#ResendMailButton' } },
    },
    { name: 'attempts', label: { de: 'Versuche', en: 'Attempts' }, type: 'number', defaultValue: 0, admin: { ...readOnly, position: 'sidebar' } },
    { name: 'sent_at', label: { de: 'Gesendet am', en: 'Sent on' }, type: 'date', admin: { ...readOnly, position: 'sidebar', date: DAY_AND_TIME } },
    { name: 'last_error', label: { de: 'Letzter Fehler', en: 'Last error' }, type: 'textarea', admin: readOnly },
    { name: 'message_id', label: { de: 'Message-ID', en: 'Message ID' }, type: 'text', admin: readOnly },
    // What went out, as plain text: the record of what the customer received (§ 312f BGB).
    { name: 'text', label: { de: 'Inhalt', en: 'Content' }, type: 'textarea', admin: readOnly },
    { name: 'attachment_names', label: { de: 'Anhänge', en: 'Attachments' }, type: 'text', admin: readOnly },
  ],
}
