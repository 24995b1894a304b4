import type { CollectionConfig } from 'payload'
import { isAdmin, isAdminField } from '../access/isAdmin'
import { nobody, writtenByServer } from '../access/nobody'
import { DAY_AND_TIME } from '../fields/dayAndTime'
import { SALE_FORMAT_LABELS, SALE_FORMATS } from '../../src/rules/catalog-sale'
import { downloadCodeBatchesEndpoint, exportDownloadCodesEndpoint, generateDownloadCodesEndpoint } from './endpoints/codes'

const shown = { readOnly: true } as const

/**
 * Single-use download codes for an album or a track (issue 33): the seller makes a batch of them
 * ("Presse", "Konzert Leipzig") in the album's or track's sidebar (`POST /generate`), exports a
 * batch as CSV (`GET /export`) and sees here which were redeemed. A customer redeems one at
 * /einloesen (src/download-codes/redeem.ts), which puts the music into "Meine Musik". The seller
 * alone reads them; nobody writes them through REST (made by the generator, redeemed by the server).
 * The seller may delete codes (an unused batch she no longer wants).
 */
export const DownloadCodes: CollectionConfig = {
  slug: 'download-codes',
  labels: {
    singular: { de: 'Download-Code', en: 'Download code' },
    plural: { de: 'Download-Codes', en: 'Download codes' },
  },
  defaultSort: '-createdAt',
  admin: {
    useAsTitle: 'code',
    defaultColumns: ['code', 'batch', 'kind', 'music_group', 'track', 'redeemed_at', 'createdAt'],
    listSearchableFields: ['code', 'batch'],
    group: { de: 'Shop', en: 'Shop' },
    description: {
      de: 'Einmal-Codes für ein Album oder einen Titel (für Presse, Konzerte, Unterstützer). Neue Codes erzeugst du im Album oder Titel (Seitenleiste „Download-Codes“), dort auch den CSV-Export. Eingelöst wird unter /einloesen.',
      en: 'Single-use codes for an album or a track (for press, concerts, supporters). Make new codes in the album or track (sidebar "Download codes"), where the CSV export is too. Redeemed at /en/redeem.',
    },
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: isAdmin },
  endpoints: [generateDownloadCodesEndpoint, exportDownloadCodesEndpoint, downloadCodeBatchesEndpoint],
  fields: [
    // The code as stored (16 characters, src/rules/download-codes.ts); shown and exported in groups of four.
    { name: 'code', label: { de: 'Code', en: 'Code' }, type: 'text', required: true, unique: true, access: writtenByServer, admin: shown },
    { name: 'batch', label: { de: 'Stapel', en: 'Batch' }, type: 'text', required: true, index: true, access: writtenByServer, admin: shown },
    {
      name: 'kind',
      label: { de: 'Art', en: 'Kind' },
      type: 'select',
      required: true,
      options: [
        { value: 'music-group', label: { de: 'Album', en: 'Album' } },
        { value: 'track', label: { de: 'Titel', en: 'Track' } },
      ],
      access: writtenByServer,
      admin: shown,
    },
    {
      name: 'music_group',
      label: { de: 'Album', en: 'Album' },
      type: 'relationship',
      relationTo: 'music-groups',
      index: true,
      access: writtenByServer,
      admin: shown,
    },
    { name: 'track', label: { de: 'Titel', en: 'Track' }, type: 'relationship', relationTo: 'tracks', index: true, access: writtenByServer, admin: shown },
    {
      name: 'formats',
      label: { de: 'Formate', en: 'Formats' },
      type: 'select',
      hasMany: true,
      options: SALE_FORMATS.map((value) => ({ value, label: SALE_FORMAT_LABELS[value] })),
      access: writtenByServer,
      admin: shown,
    },
    {
      name: 'redeemed_at',
      label: { de: 'Eingelöst am', en: 'Redeemed on' },
      type: 'date',
      index: true,
      access: writtenByServer,
      admin: { ...shown, date: DAY_AND_TIME },
    },
    // Whose account the code went into: the seller's to know, nobody else's (a used code never says whose).
    {
      name: 'redeemed_by',
      label: { de: 'Eingelöst von', en: 'Redeemed by' },
      type: 'relationship',
      relationTo: 'users',
      access: { read: isAdminField, create: writtenByServer.create, update: writtenByServer.update },
      admin: shown,
    },
  ],
}
