import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { nobody, writtenByServer } from '../access/nobody'
import { DAY_AND_TIME } from '../fields/dayAndTime'
import { importFollowersEndpoint } from './endpoints/importFollowers'
import { sellerOnlyUnsubscribes } from './hooks/sellerOnlyUnsubscribes'
import { FOLLOWER_SOURCES, FOLLOWER_STATUSES } from '../../src/rules/followers'

const shownOnly = { readOnly: true } as const
const date = { readOnly: true, date: DAY_AND_TIME } as const

/**
 * People who follow the musician by e-mail (double opt-in, src/followers/). One row per sign-up:
 * pending until its owner opens the confirmation link, then confirmed, until unsubscribed. The
 * row is the proof of consent (address, the consent text and its version, language, the times of
 * request and confirmation). Rows are made and confirmed by the server alone; the seller reads
 * them, unsubscribes one by hand (an unsubscribe request by mail) or deletes one, and imports
 * a list (`POST /import`: each address gets a confirmation mail first).
 */
export const Followers: CollectionConfig = {
  slug: 'followers',
  labels: {
    singular: { de: 'Follower', en: 'Follower' },
    plural: { de: 'Follower', en: 'Followers' },
  },
  defaultSort: '-requested_at',
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'status', 'locale', 'source', 'requested_at', 'confirmed_at'],
    group: { de: 'Shop', en: 'Shop' },
    description: {
      de: 'Wer per E-Mail von neuer Musik erfahren möchte. Nur bestätigte Adressen bekommen E-Mails. Abmelden kannst du jemanden, indem du den Status auf „Abgemeldet“ setzt. Eine Liste importierst du unter /admin/follower-import.',
      en: 'Who wants to hear of new music by e-mail. Only confirmed addresses get mails. To unsubscribe someone, set the status to "Unsubscribed". Import a list at /admin/follower-import.',
    },
  },
  access: { read: isAdmin, create: nobody, update: isAdmin, delete: isAdmin },
  hooks: { beforeChange: [sellerOnlyUnsubscribes] },
  endpoints: [importFollowersEndpoint],
  fields: [
    { name: 'email', label: { de: 'E-Mail', en: 'E-mail' }, type: 'email', required: true, index: true, access: writtenByServer, admin: shownOnly },
    {
      name: 'status',
      label: { de: 'Status', en: 'Status' },
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: FOLLOWER_STATUSES.map((value) => ({
        value,
        label: {
          pending: { de: 'Unbestätigt', en: 'Pending' },
          confirmed: { de: 'Bestätigt', en: 'Confirmed' },
          unsubscribed: { de: 'Abgemeldet', en: 'Unsubscribed' },
        }[value],
      })),
      admin: { position: 'sidebar' },
    },
    {
      name: 'locale',
      label: { de: 'Sprache', en: 'Language' },
      type: 'select',
      required: true,
      defaultValue: 'de',
      options: [
        { value: 'de', label: 'Deutsch' },
        { value: 'en', label: 'English' },
      ],
      access: writtenByServer,
      admin: { ...shownOnly, position: 'sidebar' },
    },
    {
      name: 'source',
      label: { de: 'Herkunft', en: 'Source' },
      type: 'select',
      required: true,
      defaultValue: 'form',
      options: FOLLOWER_SOURCES.map((value) => ({
        value,
        label: {
          form: { de: 'Formular', en: 'Form' },
          account: { de: 'Kundenkonto', en: 'Customer account' },
          checkout: { de: 'Kasse', en: 'Checkout' },
          import: { de: 'Import', en: 'Import' },
        }[value],
      })),
      access: writtenByServer,
      admin: { ...shownOnly, position: 'sidebar' },
    },
    // The customer account that signed up (logged in, or at checkout): matched by the GDPR export and erasure.
    {
      name: 'user',
      label: { de: 'Kundenkonto', en: 'Customer account' },
      type: 'relationship',
      relationTo: 'users',
      index: true,
      access: writtenByServer,
      admin: shownOnly,
    },
    {
      name: 'consent_text',
      label: { de: 'Einwilligungstext', en: 'Consent text' },
      type: 'textarea',
      required: true,
      access: writtenByServer,
      admin: shownOnly,
    },
    { name: 'consent_version', label: { de: 'Fassung', en: 'Version' }, type: 'text', required: true, access: writtenByServer, admin: shownOnly },
    {
      name: 'requested_at',
      label: { de: 'Angefragt am', en: 'Requested on' },
      type: 'date',
      required: true,
      index: true,
      access: writtenByServer,
      admin: date,
    },
    { name: 'confirmation_sent_at', label: { de: 'Bestätigungsmail am', en: 'Confirmation mail on' }, type: 'date', access: writtenByServer, admin: date },
    { name: 'confirmed_at', label: { de: 'Bestätigt am', en: 'Confirmed on' }, type: 'date', access: writtenByServer, admin: date },
    { name: 'unsubscribed_at', label: { de: 'Abgemeldet am', en: 'Unsubscribed on' }, type: 'date', index: true, access: writtenByServer, admin: date },
    // A permanent bounce (SMTP 5xx) of a mail to this address: skipped by every mail to followers from then on (src/mailings/send-mailing.ts).
    { name: 'bounced_at', label: { de: 'Unzustellbar seit', en: 'Bouncing since' }, type: 'date', index: true, access: writtenByServer, admin: date },
    { name: 'bounce_reason', label: { de: 'Antwort des Mailservers', en: "Mail server's answer" }, type: 'text', access: writtenByServer, admin: shownOnly },
    // The SHA-256 of the confirmation link's token and its expiry (src/mail/follower-tokens.ts); nobody reads them.
    { name: 'token_hash', type: 'text', unique: true, access: { read: () => false, ...writtenByServer }, admin: { hidden: true } },
    { name: 'token_expires_at', type: 'date', access: { read: () => false, ...writtenByServer }, admin: { hidden: true } },
  ],
}
