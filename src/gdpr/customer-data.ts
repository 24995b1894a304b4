import path from 'node:path'
import type { CollectionSlug, Payload } from 'payload'
import type { Audio, Invoice, Order, User } from '../../payload-types'
import { isLocale } from '@/i18n/locales'
import { consentTexts, isConsentWordingVersion } from '@/orders/consent'
import { followerData } from './follower-data'
import { customerRecords } from './customer-records'
import { invoiceKeptUntil } from './retention'
import { idOf } from '@/site/relation-id'

/** One file of the export: read from disk, or made in memory. */
/** A file of the archive: an audio file from the store (src/storage/, area "audio") or bytes made here. */
export type ExportFile = { name: string; stored: string } | { name: string; content: Uint8Array }

export type CustomerData = { data: Record<string, unknown>; files: ExportFile[] }

/** Collections read here by name; any other collection linked to the customer is added as it is (see `otherRecords`). */
const READ_BY_NAME = new Set([
  'users',
  'orders',
  'invoices',
  'audio',
  'contact-messages',
  'withdrawals',
  'mails',
  'email-confirmation-links',
  'followers',
  'rate-limit-hits',
])

/** Field names by which a collection points at the account it belongs to. */
const OWNER_FIELDS = ['customer', 'owner', 'user']

/** The account as the customer knows it; Payload's secrets (hash, salt, sessions, tokens) are no personal data to hand out. */
const accountOf = (user: User) => ({
  id: user.id,
  username: user.username,
  email: user.email,
  role: user.role,
  locale: user.locale ?? null,
  email_confirmed_at: user.email_confirmed_at ?? null,
  anonymised_at: (user as User & { anonymised_at?: string | null }).anonymised_at ?? null,
  created_at: user.createdAt,
  updated_at: user.updatedAt,
})

/** What the customer agreed to, with the wording they saw. */
function consentOf(order: Order) {
  const version = order.consent_wording_version
  const locale = isLocale(order.locale) ? order.locale : 'de'
  return {
    order: order.id,
    terms_accepted_at: order.terms_accepted_at ?? null,
    early_start_consent_at: order.early_start_consent_at ?? null,
    wording_version: version ?? null,
    locale: order.locale ?? null,
    wording: isConsentWordingVersion(version) ? consentTexts(version, locale) : null,
  }
}

/**
 * Records of collections this module does not know by name (e.g. revision requests or gift links)
 * that point at the account through a top-level relationship to users: exported as stored.
 */
async function otherRecords(payload: Payload, customerId: number): Promise<Record<string, unknown[]>> {
  const found: Record<string, unknown[]> = {}
  for (const collection of payload.config.collections) {
    if (READ_BY_NAME.has(collection.slug) || collection.slug.startsWith('payload-')) continue
    const links = collection.fields.filter(
      (field) =>
        'name' in field && OWNER_FIELDS.includes(field.name) && (field.type === 'relationship' || field.type === 'upload') && field.relationTo === 'users',
    )
    if (links.length === 0) continue
    const { docs } = await payload.find({
      collection: collection.slug as CollectionSlug,
      where: { or: links.map((field) => ({ [(field as { name: string }).name]: { equals: customerId } })) },
      depth: 0,
      pagination: false,
      overrideAccess: true,
    })
    if (docs.length > 0) found[collection.slug] = docs
  }
  return found
}

const audioFileName = (file: Audio) => `${file.purpose === 'recording' ? 'recordings' : 'songs'}/${file.id}-${path.basename(file.filename ?? 'audio')}`

/**
 * Everything the shop keeps about one customer (GDPR Art. 15 and 20): data.json and the files,
 * their recordings, the songs delivered to them and their invoices as issued. Read by the server
 * on the seller's behalf (the endpoint checks the seller), hence without access checks.
 */
export async function collectCustomerData(payload: Payload, customerId: number): Promise<CustomerData | null> {
  const user = (await payload.findByID({ collection: 'users', id: customerId, depth: 0, overrideAccess: true, disableErrors: true })) as User | null
  if (!user) return null

  const { docs: orders } = await payload.find({
    collection: 'orders',
    where: { customer: { equals: customerId } },
    depth: 0,
    pagination: false,
    sort: 'createdAt',
    overrideAccess: true,
  })
  const { docs: invoices } = await payload.find({
    collection: 'invoices',
    where: { customer: { equals: customerId } },
    depth: 0,
    pagination: false,
    sort: 'number',
    overrideAccess: true,
  })

  const audioIds = new Set<number>()
  for (const order of orders) for (const row of order.uploads ?? []) audioIds.add(idOf(row.audio)!)
  const { docs: audio } = await payload.find({
    collection: 'audio',
    where: { or: [{ owner: { equals: customerId } }, { id: { in: [...audioIds] } }] },
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  const catalogTrack = (file: Audio) => file.purpose === 'track'
  // Contact messages, withdrawals and mails: by the account, by its address only once confirmed.
  const records = await customerRecords(payload, user)
  const ownFiles = audio.filter((file) => !catalogTrack(file) && file.filename)
  const fileNames = new Map(ownFiles.map((file) => [file.id, audioFileName(file)]))

  const data = {
    exported_at: new Date().toISOString(),
    account: accountOf(user),
    orders: orders.map((order) => ({
      ...order,
      uploads: (order.uploads ?? []).map((row) => ({
        id: row.id,
        description: row.description ?? null,
        audio: idOf(row.audio),
        file: fileNames.get(idOf(row.audio)!) ?? null,
      })),
    })),
    consents: orders.filter((order) => order.terms_accepted_at || order.early_start_consent_at).map(consentOf),
    invoices: invoices.map((invoice: Invoice) => ({
      id: invoice.id,
      number: invoice.number,
      kind: invoice.kind,
      order: idOf(invoice.order),
      purchase: idOf(invoice.purchase),
      cancels: idOf(invoice.cancels),
      issued_at: invoice.issued_at,
      supplied_at: invoice.supplied_at,
      total: invoice.total,
      vat_amount: invoice.vat_amount,
      vat_rate: invoice.vat_rate,
      kept_until: invoiceKeptUntil(invoice.issued_at),
      file: `invoices/${invoice.number}.pdf`,
    })),
    audio_files: ownFiles.map((file) => ({
      id: file.id,
      purpose: file.purpose,
      title: file.title ?? null,
      duration: file.duration ?? null,
      mime_type: file.mimeType ?? null,
      uploaded_at: file.createdAt,
      file: fileNames.get(file.id),
    })),
    contact_messages: records.contactMessages,
    withdrawals: records.withdrawals,
    // Mails to the customer, and the seller's copies of their messages and about their records.
    mails: records.mails,
    // Following by e-mail: the address, language, consent (text, version) and its dates.
    followers: records.followers.map(followerData),
    // Also the purchases of music and tips and the music owned (purchases, library-items): linked by `customer`.
    other_records: await otherRecords(payload, customerId),
  }

  const files: ExportFile[] = [
    ...ownFiles.map((file) => ({ name: fileNames.get(file.id)!, stored: path.basename(file.filename!) })),
    ...(await invoicePdfs(
      payload,
      invoices.map((invoice) => invoice.id),
    )),
  ]
  return { data, files }
}

/** The invoices' PDFs as issued (stored base64; the field is closed to every API caller). */
async function invoicePdfs(payload: Payload, ids: number[]): Promise<ExportFile[]> {
  if (ids.length === 0) return []
  const { docs } = await payload.find({
    collection: 'invoices',
    where: { id: { in: ids } },
    select: { number: true, pdf: true },
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  return docs.filter((invoice) => invoice.pdf).map((invoice) => ({ name: `invoices/${invoice.number}.pdf`, content: Buffer.from(invoice.pdf, 'base64') }))
}
