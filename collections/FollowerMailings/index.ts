import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { nobody } from '../access/nobody'
import { DAY_AND_TIME } from '../fields/dayAndTime'
import { MAILING_STATUSES, RELEASE_COLLECTIONS } from '../../src/rules/followers'
import { mailingPreviewEndpoint, mailingReleaseEndpoint, mailingSendEndpoint, mailingTestEndpoint } from './endpoints/releaseMailing'

const shown = { readOnly: true } as const

/**
 * Mails to followers about a release (src/mailings/): one row per release, made when the seller
 * presses "An Follower senden" in the release's edit view (never by itself). Unique per release,
 * so pressing again or saving again makes no second mailing; each follower's mail is one row of
 * mailing-deliveries, unique per (mailing, follower). Nobody deletes a mailing (a new one would
 * mail everyone again).
 */
export const FollowerMailings: CollectionConfig = {
  slug: 'follower-mailings',
  labels: {
    singular: { de: 'Follower-Mailing', en: 'Follower mailing' },
    plural: { de: 'Follower-Mailings', en: 'Follower mailings' },
  },
  defaultSort: '-requested_at',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'status', 'requested_at', 'started_at', 'finished_at'],
    group: { de: 'Shop', en: 'Shop' },
    description: {
      de: 'E-Mails an die Follower zu einer Veröffentlichung. Du startest eines im Album, in der Single oder Neuigkeit mit „An Follower senden“.',
      en: 'Mails to followers about a release. Start one in the album, single or news item with "Send to followers".',
    },
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  endpoints: [mailingReleaseEndpoint, mailingPreviewEndpoint, mailingTestEndpoint, mailingSendEndpoint],
  fields: [
    { name: 'title', label: { de: 'Veröffentlichung', en: 'Release' }, type: 'text', admin: shown },
    {
      name: 'release_collection',
      label: { de: 'Art', en: 'Kind' },
      type: 'select',
      required: true,
      options: RELEASE_COLLECTIONS.map((value) => ({
        value,
        label: {
          'music-groups': { de: 'Album / Playlist', en: 'Album / playlist' },
          tracks: { de: 'Titel', en: 'Track' },
          news: { de: 'Neuigkeit', en: 'News' },
        }[value],
      })),
      admin: shown,
    },
    { name: 'release_id', label: { de: 'Nummer', en: 'Id' }, type: 'number', required: true, admin: shown },
    // `<collection>:<id>`: one mailing per release, held by the database.
    { name: 'release_key', type: 'text', required: true, unique: true, admin: { hidden: true } },
    {
      name: 'status',
      label: { de: 'Status', en: 'Status' },
      type: 'select',
      required: true,
      defaultValue: 'waiting',
      index: true,
      options: MAILING_STATUSES.map((value) => ({
        value,
        label: {
          waiting: { de: 'Wartet auf die Veröffentlichung', en: 'Waiting for the release' },
          sending: { de: 'Wird gesendet', en: 'Sending' },
          done: { de: 'Gesendet', en: 'Sent' },
          stopped: { de: 'Angehalten (nicht mehr veröffentlicht)', en: 'Stopped (no longer published)' },
        }[value],
      })),
      admin: { ...shown, position: 'sidebar' },
    },
    { name: 'requested_by', label: { de: 'Gestartet von', en: 'Started by' }, type: 'relationship', relationTo: 'users', admin: shown },
    { name: 'requested_at', label: { de: 'Angefordert am', en: 'Requested on' }, type: 'date', required: true, admin: { ...shown, date: DAY_AND_TIME } },
    { name: 'started_at', label: { de: 'Versand begonnen', en: 'Sending began' }, type: 'date', admin: { ...shown, date: DAY_AND_TIME } },
    { name: 'finished_at', label: { de: 'Versand beendet', en: 'Sending ended' }, type: 'date', admin: { ...shown, date: DAY_AND_TIME } },
  ],
}
