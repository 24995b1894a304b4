import type { CollectionConfig } from 'payload'
import { isAdmin } from './access/isAdmin'
import { nobody } from './access/nobody'
import { DAY_AND_TIME } from './fields/dayAndTime'
import { DELIVERY_STATUSES } from '../src/rules/followers'

const shown = { readOnly: true } as const

/**
 * One follower's mail of a follower mailing (src/mailings/send-mailing.ts). The database's unique
 * index on (mailing, follower) is what makes "at most one mail per follower and release" hold,
 * however often the mailing is started, on however many instances. A row is claimed ("sending")
 * before its mail leaves and marked after; the address is read from the follower at send time,
 * so no address is copied here (a deleted follower leaves the row without one).
 */
export const MailingDeliveries: CollectionConfig = {
  slug: 'mailing-deliveries',
  labels: {
    singular: { de: 'Mailing-Zustellung', en: 'Mailing delivery' },
    plural: { de: 'Mailing-Zustellungen', en: 'Mailing deliveries' },
  },
  admin: {
    defaultColumns: ['mailing', 'follower', 'status', 'attempts', 'sent_at'],
    group: { de: 'Verwaltung', en: 'Administration' },
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  indexes: [{ fields: ['mailing', 'follower'], unique: true }],
  fields: [
    {
      name: 'mailing',
      label: { de: 'Mailing', en: 'Mailing' },
      type: 'relationship',
      relationTo: 'follower-mailings',
      required: true,
      index: true,
      admin: shown,
    },
    { name: 'follower', label: { de: 'Follower', en: 'Follower' }, type: 'relationship', relationTo: 'followers', admin: shown },
    {
      name: 'status',
      label: { de: 'Status', en: 'Status' },
      type: 'select',
      required: true,
      defaultValue: 'queued',
      index: true,
      options: DELIVERY_STATUSES.map((value) => ({
        value,
        label: {
          queued: { de: 'Wartet', en: 'Queued' },
          sending: { de: 'Wird gesendet', en: 'Sending' },
          retrying: { de: 'Neuer Versuch folgt', en: 'Retrying' },
          sent: { de: 'Gesendet', en: 'Sent' },
          failed: { de: 'Fehlgeschlagen', en: 'Failed' },
          interrupted: { de: 'Unterbrochen (nicht erneut gesendet)', en: 'Interrupted (not sent again)' },
          skipped: { de: 'Entfallen (abgemeldet oder unzustellbar)', en: 'Skipped (unsubscribed or bouncing)' },
        }[value],
      })),
      admin: shown,
    },
    { name: 'attempts', label: { de: 'Versuche', en: 'Attempts' }, type: 'number', defaultValue: 0, admin: shown },
    { name: 'next_attempt_at', type: 'date', admin: { hidden: true } },
    { name: 'sent_at', label: { de: 'Gesendet am', en: 'Sent on' }, type: 'date', admin: { ...shown, date: DAY_AND_TIME } },
    { name: 'message_id', label: { de: 'Message-ID', en: 'Message ID' }, type: 'text', admin: shown },
    { name: 'last_error', label: { de: 'Letzter Fehler', en: 'Last error' }, type: 'textarea', admin: shown },
  ],
}
