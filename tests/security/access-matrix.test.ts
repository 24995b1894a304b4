// @run-alone: it writes to every collection as every role (the legal pages among them) and counts what each call stored.
import { createHash, randomBytes } from 'node:crypto'
import type { Payload, Where } from 'payload'
import sharp from 'sharp'
import { ensureLegalPages } from '../../src/legal/ensure-legal-pages'
import { DOWNLOAD_CODE_ALPHABET } from '../../src/rules/download-codes'
import { PAY_RATE } from '../../src/rules/limits'
import { BUSY_LOCK } from '../../src/rules/lock-waits'
import { CUSTOMER_LOCK_SPACE } from '../../src/site/transaction'
import { silentWav } from '../support/audio'
import { BASE_URL, getJson } from '../support/http'
import { grant, makeAlbum, purchaseOf } from '../support/library'
import { signedLibraryDownloadPath } from '../../src/library/download-link'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, JEST_SELLER, loginSeller, type TestCustomer } from '../support/users'

/**
 * Issue 18: who may call what on Payload's REST API (/api/cms), for every collection of the
 * running config (Payload's own included) and every global. The tables below are the document;
 * the table in docs/security.md is copied from them. Each cell is a real HTTP request against the
 * running shop. The storefront's own routes (/api/orders/ …) have tests of their own.
 *
 * Callers (columns):
 *   anonymous      no login
 *   owner          customer A, who owns the test record (for collections without owners: a customer)
 *   otherCustomer  customer B, logged in, owns nothing of it
 *   seller         the shop's admin account
 *
 * Answers:
 *   'all'          the list (GET /) answers 200 and shows every record, the test record included
 *   'own only'     the list answers 200 and shows only the caller's own records
 *   'public only'  the list answers 200 and shows only public records (catalog tracks), not the test record
 *   'public and own'  the list answers 200 and shows public records and the caller's own, the test record included
 *   'denied'       401, 403 or 404, and nothing is changed (the record, or the number of records, stays)
 *   'allowed'      2xx (for DELETE: the record is gone; for create: the record exists)
 *   'invalid'      400: the call passes every access check but has nothing to act on (e.g. a logout without a login)
 *   'no route'     501: Payload serves no such route at all
 *   'not reached'  another route of the collection answers instead (preferences: GET and DELETE /:key take
 *                  /:id, acting on the caller's own preference of that key); the record is neither shown nor changed
 */
type Role = 'anonymous' | 'owner' | 'otherCustomer' | 'seller'
const ROLES: Role[] = ['anonymous', 'owner', 'otherCustomer', 'seller']
type ListAnswer = 'all' | 'own only' | 'public only' | 'public and own' | 'denied' | 'no route'
type CallAnswer = 'allowed' | 'denied' | 'invalid' | 'no route' | 'not reached'
type Cells<A> = Record<Role, A>

/** Payload's five REST operations, by route below /api/cms/{slug}. */
type StandardOperations = {
  'GET /': Cells<ListAnswer> // find
  'GET /:id': Cells<CallAnswer> // findByID
  'POST /': Cells<CallAnswer> // create
  'PATCH /:id': Cells<CallAnswer> // update
  'DELETE /:id': Cells<CallAnswer> // delete
}
/** Plus every custom endpoint of the collection ('POST /:id/status' …). */
type Row = StandardOperations & Record<string, Cells<ListAnswer> | Cells<CallAnswer>>

const NOBODY: Cells<CallAnswer> = { anonymous: 'denied', owner: 'denied', otherCustomer: 'denied', seller: 'denied' }
const SELLER_ONLY: Cells<CallAnswer> = { anonymous: 'denied', owner: 'denied', otherCustomer: 'denied', seller: 'allowed' }
const OWNER_AND_SELLER: Cells<CallAnswer> = { anonymous: 'denied', owner: 'allowed', otherCustomer: 'denied', seller: 'allowed' }
const EVERYONE: Cells<CallAnswer> = { anonymous: 'allowed', owner: 'allowed', otherCustomer: 'allowed', seller: 'allowed' }
const LOGGED_IN: Cells<CallAnswer> = { anonymous: 'denied', owner: 'allowed', otherCustomer: 'allowed', seller: 'allowed' }
const LIST_ALL: Cells<ListAnswer> = { anonymous: 'all', owner: 'all', otherCustomer: 'all', seller: 'all' }
const LIST_SELLER_ONLY: Cells<ListAnswer> = { anonymous: 'denied', owner: 'denied', otherCustomer: 'denied', seller: 'all' }
const LIST_NOBODY: Cells<ListAnswer> = { anonymous: 'denied', owner: 'denied', otherCustomer: 'denied', seller: 'denied' }
const LIST_OWN_AND_SELLER_ALL: Cells<ListAnswer> = { anonymous: 'denied', owner: 'own only', otherCustomer: 'own only', seller: 'all' }
const NO_ROUTE = { anonymous: 'no route', owner: 'no route', otherCustomer: 'no route', seller: 'no route' } as const

/** Public catalog content: everyone reads it, only the seller writes it. */
const CATALOG: Row = { 'GET /': LIST_ALL, 'GET /:id': EVERYONE, 'POST /': SELLER_ONLY, 'PATCH /:id': SELLER_ONLY, 'DELETE /:id': SELLER_ONLY }
/** Seller's bookkeeping: only the seller reads, changes and deletes; nobody creates through REST. */
const SELLER_READS: Row = { 'GET /': LIST_SELLER_ONLY, 'GET /:id': SELLER_ONLY, 'POST /': NOBODY, 'PATCH /:id': SELLER_ONLY, 'DELETE /:id': SELLER_ONLY }
/** Written and read by the server alone. */
const SERVER_ONLY: Row = { 'GET /': LIST_NOBODY, 'GET /:id': NOBODY, 'POST /': NOBODY, 'PATCH /:id': NOBODY, 'DELETE /:id': NOBODY }
/** The seller alone, for everything (rate-limit bookkeeping; Payload's document locks, see collections/access/internalCollections.ts). */
const SELLER_ALONE: Row = { 'GET /': LIST_SELLER_ONLY, 'GET /:id': SELLER_ONLY, 'POST /': SELLER_ONLY, 'PATCH /:id': SELLER_ONLY, 'DELETE /:id': SELLER_ONLY }

export const MATRIX: Record<string, Row> = {
  users: {
    'GET /': LIST_OWN_AND_SELLER_ALL,
    'GET /:id': OWNER_AND_SELLER,
    'POST /': SELLER_ONLY, // customers register through /api/accounts/register/
    'PATCH /:id': OWNER_AND_SELLER,
    'DELETE /:id': SELLER_ONLY,
    'GET /:id/export': SELLER_ONLY,
    'POST /:id/anonymise': SELLER_ONLY,
    // Payload's auth endpoints (the requests sent: ENDPOINT_REQUESTS below).
    'POST /login': EVERYONE, // with customer A's own credentials
    'POST /logout': { ...LOGGED_IN, anonymous: 'invalid' }, // the caller's own session
    'GET /me': EVERYONE, // anonymous gets { user: null }; nobody sees another account
    'POST /refresh-token': LOGGED_IN, // the caller's own token
    'POST /forgot-password': NOBODY, // only through the shop's /forgot-password
    'POST /reset-password': NOBODY, // with a token nobody was given
    'POST /unlock': SELLER_ONLY,
    'POST /verify/:id': NOBODY, // no e-mail verification through Payload (collections/access/unusedEndpoints.ts: 404)
    'GET /init': EVERYONE, // says only whether an account exists
    'POST /first-register': NOBODY, // the seller's account exists
  },
  media: CATALOG,
  audio: {
    'GET /': { anonymous: 'public only', owner: 'public and own', otherCustomer: 'public only', seller: 'all' },
    'GET /:id': OWNER_AND_SELLER,
    'POST /': SELLER_ONLY, // customers upload recordings through /api/orders/{id}/upload-audio/
    'PATCH /:id': SELLER_ONLY,
    'DELETE /:id': SELLER_ONLY,
  },
  categories: CATALOG,
  // The test records are published; drafts and scheduled releases are the seller's alone (tests/security/catalog-drafts.test.ts).
  tracks: CATALOG,
  'music-groups': CATALOG,
  news: CATALOG,
  'legal-pages': { ...CATALOG, 'POST /': NOBODY }, // one page of each kind, made at start
  packages: CATALOG,
  'use-types': CATALOG,
  'focus-themes': CATALOG,
  orders: {
    'GET /': LIST_OWN_AND_SELLER_ALL,
    'GET /:id': OWNER_AND_SELLER,
    'POST /': NOBODY, // placed through /api/orders/ only
    // Customers act through /api/orders/{id}/… only. The owner's cell FAILS until the change that
    // removes customers' REST write access to orders lands (another engineer's branch).
    'PATCH /:id': SELLER_ONLY,
    'DELETE /:id': SELLER_ONLY,
    'POST /:id/status': SELLER_ONLY,
    'POST /:id/deliver': SELLER_ONLY,
  },
  invoices: { 'GET /': LIST_OWN_AND_SELLER_ALL, 'GET /:id': OWNER_AND_SELLER, 'POST /': NOBODY, 'PATCH /:id': NOBODY, 'DELETE /:id': NOBODY },
  'payment-events': { ...SELLER_READS, 'PATCH /:id': NOBODY, 'DELETE /:id': NOBODY },
  'contact-messages': { ...SELLER_READS, 'POST /': SELLER_ONLY }, // visitors send them through /api/contact/
  withdrawals: SELLER_READS, // sent through /api/withdrawals/
  'revision-requests': { 'GET /': LIST_OWN_AND_SELLER_ALL, 'GET /:id': OWNER_AND_SELLER, 'POST /': NOBODY, 'PATCH /:id': NOBODY, 'DELETE /:id': SELLER_ONLY },
  'gift-links': {
    'GET /': LIST_OWN_AND_SELLER_ALL,
    'GET /:id': OWNER_AND_SELLER,
    'POST /': NOBODY, // made on the order page
    'PATCH /:id': OWNER_AND_SELLER, // only the revocation is writable
    'DELETE /:id': SELLER_ONLY,
  },
  'rate-limit-hits': SELLER_ALONE,
  'email-confirmation-links': SERVER_ONLY,
  'invoice-counters': SERVER_ONLY,
  mails: { ...SELLER_READS, 'PATCH /:id': NOBODY, 'POST /:id/resend': SELLER_ONLY },
  // Made and confirmed by the server alone (double opt-in: /api/followers/…); the seller reads,
  // unsubscribes (the only change allowed, collections/Followers/hooks), deletes and imports a CSV.
  followers: { ...SELLER_READS, 'POST /import': SELLER_ONLY },
  // A mail to followers about a release: made by the seller's "send" (a row per release, never
  // deleted: a new one would mail everyone again); its preview, test mail and state are hers alone.
  'follower-mailings': {
    ...SELLER_READS,
    'PATCH /:id': NOBODY,
    'DELETE /:id': NOBODY,
    'GET /release': SELLER_ONLY,
    'GET /preview': SELLER_ONLY,
    'POST /test': SELLER_ONLY,
    'POST /send': SELLER_ONLY,
  },
  // One follower's mail of a mailing, written by the sending job alone.
  'mailing-deliveries': { ...SELLER_READS, 'PATCH /:id': NOBODY, 'DELETE /:id': NOBODY },
  // Issue 33 (h33b): purchases of music are placed through /api/purchases/ only; the buyer reads
  // their own, the seller all and changes the status (paid, refunded, cancelled); never deleted (invoices name them).
  purchases: { 'GET /': LIST_OWN_AND_SELLER_ALL, 'GET /:id': OWNER_AND_SELLER, 'POST /': NOBODY, 'PATCH /:id': SELLER_ONLY, 'DELETE /:id': NOBODY },
  // The customers' music: granted and revoked by the server alone (payment, refund, codes), read by its owner and the seller.
  'library-items': { 'GET /': LIST_OWN_AND_SELLER_ALL, 'GET /:id': OWNER_AND_SELLER, 'POST /': NOBODY, 'PATCH /:id': NOBODY, 'DELETE /:id': NOBODY },
  // Issue 33 (h33e): download codes, the seller's alone (made by POST /generate, redeemed by the
  // server through /api/download-codes/redeem/); she may delete unused ones, nobody edits one.
  'download-codes': { ...SELLER_READS, 'PATCH /:id': NOBODY, 'POST /generate': SELLER_ONLY, 'GET /batches': SELLER_ONLY, 'GET /export': SELLER_ONLY },
  'payload-kv': SERVER_ONLY,
  // Payload closes the jobs' records to every REST caller; the seller may run the queue.
  // The shop schedules no jobs: handle-schedules answers 404 to everyone (collections/access/unusedEndpoints.ts).
  'payload-jobs': { ...SERVER_ONLY, 'GET /run': SELLER_ONLY, 'GET /handle-schedules': NOBODY },
  'payload-locked-documents': SELLER_ALONE,
  // Each account's admin-panel settings; the test record is customer A's. Customers have none through
  // REST, the seller only their own (Payload's rule behind the seller's).
  'payload-preferences': {
    'GET /': { ...LIST_NOBODY, seller: 'own only' },
    'GET /:id': { ...NOBODY, seller: 'not reached' },
    'POST /': SELLER_ONLY,
    'PATCH /:id': NOBODY,
    // Reported: the seller's DELETE of a key they have no preference for answers 500 (Payload's handler).
    'DELETE /:id': { ...NOBODY, seller: 'not reached' },
    'GET /:key': SELLER_ONLY,
    'POST /:key': SELLER_ONLY,
    'DELETE /:key': SELLER_ONLY, // the seller's own preference of that key
  },
  'payload-migrations': { 'GET /': NO_ROUTE, 'GET /:id': NO_ROUTE, 'POST /': NO_ROUTE, 'PATCH /:id': NO_ROUTE, 'DELETE /:id': NO_ROUTE },
}

/** Globals: GET /api/cms/globals/{slug} reads, POST saves. */
export const GLOBALS_MATRIX: Record<string, { GET: Cells<CallAnswer>; POST: Cells<CallAnswer> }> = {
  settings: { GET: EVERYONE, POST: SELLER_ONLY },
  about: { GET: EVERYONE, POST: SELLER_ONLY },
}

/**
 * Payload's generic routes that every collection has besides the five operations above; they use
 * the same access functions (count = read, bulk PATCH/DELETE = update/delete, duplicate = create)
 * or serve the admin panel's own needs (access, versions, file, paste-url).
 */
const GENERIC_ROUTES = new Set([
  'GET /count',
  'DELETE /',
  'PATCH /',
  'POST /access/:id?',
  'GET /versions',
  'GET /versions/:id',
  'POST /versions/:id',
  'POST /:id/duplicate',
  'GET /paste-url/:id?',
  'GET /file/:filename',
])
const STANDARD_ROUTES = ['GET /', 'GET /:id', 'POST /', 'PATCH /:id', 'DELETE /:id']

// ---------------------------------------------------------------------------------------------
// Test records: one per collection owned by customer A where the collection has an owner.

type Callers = Record<Role, { token: string } | null>
type Fixture = {
  /** A record of this collection; `owner` is customer A (or, for users, the account itself). */
  make: (payload: Payload, owner: TestCustomer) => Promise<number | string>
  /** Who owns a listed record (for 'own only'); absent for collections without owners. */
  ownerOf?: (doc: Record<string, any>) => number | undefined
  /** A body the seller's create would be accepted with (for cells of 'POST /'). */
  createBody?: () => Promise<BodyInit>
  /** `make` hands out one existing record to every caller: their cells run one after another, the seller last. */
  sharedRecord?: true
}

const relationId = (value: unknown): number | undefined =>
  typeof value === 'number'
    ? value
    : typeof value === 'object' && value
      ? ((value as { id?: number; value?: unknown }).id ?? relationId((value as { value?: unknown }).value))
      : undefined

const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`
const jsonBody = (data: unknown) => JSON.stringify(data)
const uploadForm = (bytes: Buffer, name: string, type: string, data: Record<string, unknown>) => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  form.append('_payload', JSON.stringify(data))
  return form
}
const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#8899aa' } })
    .png()
    .toBuffer()

/** A news item that is only a draft (a mailing for it waits; nobody is mailed). */
async function draftNewsOf(payload: Payload): Promise<number> {
  return (
    await payload.create({ collection: 'news', data: { title: unique('Matrix-Entwurf'), date: new Date().toISOString(), _status: 'draft' }, draft: true })
  ).id
}

/** A mailing waiting for the publication of the news item `newsId`. */
function waitingMailingOf(payload: Payload, newsId: number) {
  return payload.create({
    collection: 'follower-mailings',
    data: {
      title: 'Matrix',
      release_collection: 'news',
      release_id: newsId,
      release_key: `news:${newsId}`,
      status: 'waiting',
      requested_at: new Date().toISOString(),
    },
  })
}

/** A code of the download-codes' shape (16 characters of their alphabet) made from random hex. */
const downloadCodeOf = (seed: string) =>
  Array.from(createHash('sha256').update(seed).digest())
    .slice(0, 16)
    .map((byte) => DOWNLOAD_CODE_ALPHABET[byte % DOWNLOAD_CODE_ALPHABET.length])
    .join('')

async function anyId(payload: Payload, collection: any, where: Where = {}): Promise<number> {
  const found = await payload.find({ collection, where, limit: 1, depth: 0, pagination: false })
  if (!found.docs[0]) throw new Error(`no ${collection} record to build on`)
  return found.docs[0].id as number
}

/** Payload sets a preference's user from the request's user. */
async function preferenceOf(payload: Payload, userId: number, key: string) {
  const user = { ...(await payload.findByID({ collection: 'users', id: userId, depth: 0 })), collection: 'users' as const }
  return payload.create({ collection: 'payload-preferences', data: { key, value: { matrix: true } } as any, user })
}

async function orderOf(payload: Payload, owner: TestCustomer, personalNote = unique('geheim')): Promise<number> {
  const order = await payload.create({
    collection: 'orders',
    data: {
      customer: owner.id,
      package: 'deepflow',
      theme: 'inner-peace',
      status: 'pending_payment',
      payment_method: 'prepayment',
      personal_note: personalNote,
    } as any,
    context: { orderForm: true },
  })
  return order.id
}

const FIXTURES: Record<string, Fixture> = {
  users: {
    make: async (_payload, owner) => owner.id,
    ownerOf: (doc) => doc.id,
    createBody: async () => {
      const username = unique('matrix-neu')
      return jsonBody({ username, email: `${username}@example.com`, password: unique('Pw'), role: 'customer' })
    },
  },
  media: {
    make: async (payload) =>
      (
        await payload.create({
          collection: 'media',
          data: { alt: 'Matrix' },
          file: { data: await png(), mimetype: 'image/png', name: `${unique('matrix')}.png`, size: 0 },
        })
      ).id,
    createBody: async () => uploadForm(await png(), `${unique('matrix')}.png`, 'image/png', { alt: 'Matrix' }),
  },
  audio: {
    make: async (payload, owner) => {
      const bytes = silentWav(1)
      return (
        await payload.create({
          collection: 'audio',
          data: { purpose: 'recording', owner: owner.id },
          file: { data: bytes, mimetype: 'audio/wav', name: `${unique('matrix')}.wav`, size: bytes.length },
        })
      ).id
    },
    ownerOf: (doc) => relationId(doc.owner),
    createBody: async () => uploadForm(silentWav(1), `${unique('matrix')}.wav`, 'audio/wav', { purpose: 'track', title: 'Matrix' }),
  },
  categories: {
    make: async (payload) => (await payload.create({ collection: 'categories', data: { title: unique('Matrix') } })).id,
    createBody: async () => jsonBody({ title: unique('Matrix') }),
  },
  tracks: {
    make: async (payload) =>
      (
        await payload.create({
          collection: 'tracks',
          data: { title: unique('Matrix'), audio: await anyId(payload, 'audio', { purpose: { equals: 'track' } }), _status: 'published' } as any,
        })
      ).id,
    createBody: async () => jsonBody({ title: unique('Matrix'), audio: await anyId(await testPayload(), 'audio', { purpose: { equals: 'track' } }) }),
  },
  'music-groups': {
    make: async (payload) =>
      (await payload.create({ collection: 'music-groups', data: { title: unique('Matrix'), form: 'album', _status: 'published' } as any })).id,
    createBody: async () => jsonBody({ title: unique('Matrix'), form: 'album' }),
  },
  news: {
    make: async (payload) =>
      (await payload.create({ collection: 'news', data: { title: unique('Matrix'), date: new Date().toISOString(), _status: 'published' } as any })).id,
    createBody: async () => jsonBody({ title: unique('Matrix'), date: new Date().toISOString() }),
  },
  // One page of each kind exists; a cell that deletes the imprint gets it back with its default text.
  'legal-pages': {
    sharedRecord: true,
    make: async (payload) => {
      await ensureLegalPages(payload)
      return anyId(payload, 'legal-pages', { page: { equals: 'imprint' } })
    },
  },
  packages: {
    make: async (payload) =>
      (
        await payload.create({
          collection: 'packages',
          data: { slug: unique('matrix'), name: 'Matrix', price: 1, color_class: 'teal', turnaround_days: 1, revisions_included: 0 } as any,
        })
      ).id,
    createBody: async () => jsonBody({ slug: unique('matrix'), name: 'Matrix', price: 1, color_class: 'teal', turnaround_days: 1, revisions_included: 0 }),
  },
  'use-types': {
    make: async (payload) =>
      (await payload.create({ collection: 'use-types', data: { slug: unique('matrix'), label: 'Matrix', color_class: 'teal' } as any })).id,
    createBody: async () => jsonBody({ slug: unique('matrix'), label: 'Matrix', color_class: 'teal' }),
  },
  'focus-themes': {
    make: async (payload) => (await payload.create({ collection: 'focus-themes', data: { slug: unique('matrix'), label: 'Matrix' } as any })).id,
    createBody: async () => jsonBody({ slug: unique('matrix'), label: 'Matrix' }),
  },
  orders: { make: (payload, owner) => orderOf(payload, owner), ownerOf: (doc) => relationId(doc.customer) },
  invoices: {
    make: async (payload, owner) =>
      (
        await payload.create({
          collection: 'invoices',
          data: {
            number: unique('MATRIX'),
            kind: 'invoice',
            order: await orderOf(payload, owner),
            customer: owner.id,
            issued_at: new Date().toISOString(),
            supplied_at: new Date().toISOString(),
            total: 1,
            vat_amount: 0.16,
            vat_rate: 19,
            pdf: 'none',
          } as any,
        })
      ).id,
    ownerOf: (doc) => relationId(doc.customer),
  },
  'payment-events': {
    make: async (payload) => (await payload.create({ collection: 'payment-events', data: { event_id: unique('evt_matrix'), type: 'matrix.test' } })).id,
  },
  'contact-messages': {
    make: async (payload) =>
      (await payload.create({ collection: 'contact-messages', data: { name: 'Matrix', email: 'matrix@example.com', message: 'Matrix', status: 'new' } as any }))
        .id,
    createBody: async () => jsonBody({ name: 'Matrix', email: 'matrix@example.com', message: 'Matrix', status: 'new' }),
  },
  withdrawals: {
    make: async (payload, owner) =>
      (
        await payload.create({
          collection: 'withdrawals',
          data: {
            received_at: new Date().toISOString(),
            name: 'Matrix',
            email: owner.email,
            order_number: '1',
            declaration: 'Matrix',
            locale: 'de',
            status: 'new',
          } as any,
        })
      ).id,
  },
  'revision-requests': {
    make: async (payload, owner) =>
      (
        await payload.create({
          collection: 'revision-requests',
          data: { order: await orderOf(payload, owner), customer: owner.id, delivery_version: 1, message: 'Bitte etwas ruhiger am Ende.' } as any,
        })
      ).id,
    ownerOf: (doc) => relationId(doc.customer),
  },
  'gift-links': {
    make: async (payload, owner) =>
      (
        await payload.create({
          collection: 'gift-links',
          data: {
            order: await orderOf(payload, owner),
            customer: owner.id,
            audio: await anyId(payload, 'audio', { purpose: { equals: 'track' } }),
            token_hash: randomBytes(32).toString('hex'),
          },
        })
      ).id,
    ownerOf: (doc) => relationId(doc.customer),
  },
  'rate-limit-hits': {
    make: async (payload) => (await payload.create({ collection: 'rate-limit-hits', data: { limit_key: unique('matrix') } })).id,
    createBody: async () => jsonBody({ limit_key: unique('matrix') }),
  },
  'email-confirmation-links': {
    make: async (payload, owner) =>
      (
        await payload.create({
          collection: 'email-confirmation-links',
          data: { user: owner.id, email: owner.email, token_hash: randomBytes(32).toString('hex'), expires_at: new Date(Date.now() - 1000).toISOString() },
        })
      ).id,
  },
  'invoice-counters': {
    make: async (payload) =>
      (await payload.create({ collection: 'invoice-counters', data: { year: 3000 + Math.floor(Math.random() * 1_000_000), last: 0 } })).id,
  },
  // A contact form's receipt to customer A, a real mail that "send again" can render and send.
  mails: {
    make: async (payload, owner) => {
      const message = await payload.create({
        collection: 'contact-messages',
        data: { name: 'Matrix', email: owner.email, message: 'Matrix', status: 'new' } as any,
      })
      return (
        await payload.create({
          collection: 'mails',
          data: { to: owner.email, template: 'contact-receipt', locale: 'de', data: { message: message.id }, status: 'sent' } as any,
        })
      ).id
    },
  },
  followers: {
    make: async (payload) =>
      (
        await payload.create({
          collection: 'followers',
          data: {
            email: `${unique('matrix-follower')}@example.com`,
            status: 'confirmed',
            locale: 'de',
            source: 'form',
            consent_text: 'Matrix',
            consent_version: 'matrix',
            requested_at: new Date().toISOString(),
            confirmed_at: new Date().toISOString(),
          },
        })
      ).id,
  },
  'follower-mailings': { make: async (payload) => (await waitingMailingOf(payload, await draftNewsOf(payload))).id },
  'mailing-deliveries': {
    make: async (payload) => {
      const mailing = await waitingMailingOf(payload, await draftNewsOf(payload))
      return (await payload.create({ collection: 'mailing-deliveries', data: { mailing: mailing.id, status: 'skipped' } })).id
    },
  },
  // Issue 33 (h33b): a purchase awaiting payment, and an album in the owner's music.
  purchases: {
    make: async (payload, owner) =>
      (
        await payload.create({
          collection: 'purchases',
          data: {
            customer: owner.id,
            status: 'pending_payment',
            lines: [{ kind: 'tip', title: unique('Matrix-Trinkgeld'), amount: 1, vat_rate: 19, vat_amount: 0.16 }],
            total: 1,
            vat_amount: 0.16,
            payment_method: 'prepayment',
          },
          context: { noMail: true },
        })
      ).id,
    ownerOf: (doc) => relationId(doc.customer),
  },
  'library-items': {
    make: async (payload, owner) =>
      (
        await payload.create({
          collection: 'library-items',
          data: {
            customer: owner.id,
            kind: 'music-group',
            music_group: await anyId(payload, 'music-groups'),
            formats: ['mp3'],
            source: 'free',
            grant_key: unique('matrix'),
            granted_at: new Date().toISOString(),
          },
        })
      ).id,
    ownerOf: (doc) => relationId(doc.customer),
  },
  'download-codes': {
    make: async (payload) =>
      (
        await payload.create({
          collection: 'download-codes',
          data: { code: downloadCodeOf(unique('m')), batch: 'Matrix', kind: 'track', track: await anyId(payload, 'tracks'), formats: ['mp3'] },
        })
      ).id,
  },
  'payload-kv': { make: async (payload) => (await payload.create({ collection: 'payload-kv' as any, data: { key: unique('matrix'), data: {} } })).id },
  'payload-jobs': {
    make: async (payload) =>
      (await payload.create({ collection: 'payload-jobs', data: { queue: 'access-matrix-never-run', taskSlug: 'sendMail', input: {} } as any })).id,
    createBody: async () => jsonBody({ queue: 'access-matrix-never-run', taskSlug: 'sendMail', input: {} }),
  },
  'payload-locked-documents': {
    make: async (payload, owner) =>
      (
        await payload.create({
          collection: 'payload-locked-documents',
          data: {
            document: { relationTo: 'categories', value: await FIXTURES.categories.make(payload, owner) },
            user: { relationTo: 'users', value: owner.id },
          } as any,
        })
      ).id,
    ownerOf: (doc) => relationId(doc.user),
    createBody: async () =>
      jsonBody({
        document: { relationTo: 'categories', value: await FIXTURES.categories.make(await testPayload(), sellerAccount) },
        user: { relationTo: 'users', value: sellerAccount.id },
      }),
  },
  'payload-preferences': {
    make: async (payload, owner) => (await preferenceOf(payload, owner.id, unique('matrix'))).id,
    ownerOf: (doc) => relationId(doc.user),
    createBody: async () => jsonBody({ key: unique('matrix'), user: { relationTo: 'users', value: sellerAccount.id }, value: { matrix: true } }),
  },
  'payload-migrations': { sharedRecord: true, make: async (payload) => anyId(payload, 'payload-migrations') },
}

/** The seller's own account (for records that name their user). */
let sellerAccount: TestCustomer

// ---------------------------------------------------------------------------------------------

type Answer = { status: number; body: any }
type CellContext = { payload: Payload; slug: string; role: Role; callers: Callers; owner: TestCustomer; other: TestCustomer; recordId: number | string }

const headersFor = (caller: { token: string } | null, json = true): Record<string, string> => ({
  ...(caller ? bearer(caller) : {}),
  ...(json ? { 'Content-Type': 'application/json' } : {}),
})

/** A fresh login of the caller's account, for calls that end or renew a session. */
async function freshSession(role: Role, owner: TestCustomer, other: TestCustomer): Promise<{ token: string } | null> {
  if (role === 'anonymous') return null
  const account = role === 'owner' ? owner : role === 'otherCustomer' ? other : JEST_SELLER
  const login = await getJson('/api/cms/users/login', {
    method: 'POST',
    headers: headersFor(null),
    body: jsonBody({ email: account.email, password: account.password }),
  })
  if (login.status !== 200) throw new Error(`login for ${role} failed: ${login.status}`)
  return { token: login.body.token }
}

/** The requests of the custom and auth endpoints (route → the request one caller sends). */
const ENDPOINT_REQUESTS: Record<string, Record<string, (cell: CellContext) => Promise<{ path: string; init: RequestInit }>>> = {
  users: {
    'GET /:id/export': async ({ callers, role, recordId }) => ({ path: `/${recordId}/export`, init: { headers: headersFor(callers[role]) } }),
    'POST /:id/anonymise': async ({ callers, role, recordId }) => ({
      path: `/${recordId}/anonymise`,
      init: { method: 'POST', headers: headersFor(callers[role]) },
    }),
    'POST /login': async ({ owner }) => ({
      path: '/login',
      init: { method: 'POST', headers: headersFor(null), body: jsonBody({ email: owner.email, password: owner.password }) },
    }),
    'POST /logout': async ({ role, owner, other }) => ({
      path: '/logout',
      init: { method: 'POST', headers: headersFor(await freshSession(role, owner, other)) },
    }),
    'GET /me': async ({ callers, role }) => ({ path: '/me', init: { headers: headersFor(callers[role]) } }),
    'POST /refresh-token': async ({ role, owner, other }) => ({
      path: '/refresh-token',
      init: { method: 'POST', headers: headersFor(await freshSession(role, owner, other)) },
    }),
    'POST /forgot-password': async ({ callers, role, owner }) => ({
      path: '/forgot-password',
      init: { method: 'POST', headers: headersFor(callers[role]), body: jsonBody({ email: owner.email }) },
    }),
    'POST /reset-password': async ({ callers, role }) => ({
      path: '/reset-password',
      init: { method: 'POST', headers: headersFor(callers[role]), body: jsonBody({ token: unique('token'), password: unique('Pw') }) },
    }),
    'POST /unlock': async ({ callers, role, owner }) => ({
      path: '/unlock',
      init: { method: 'POST', headers: headersFor(callers[role]), body: jsonBody({ email: owner.email }) },
    }),
    'POST /verify/:id': async ({ callers, role }) => ({ path: `/verify/${unique('token')}`, init: { method: 'POST', headers: headersFor(callers[role]) } }),
    'GET /init': async ({ callers, role }) => ({ path: '/init', init: { headers: headersFor(callers[role]) } }),
    'POST /first-register': async ({ callers, role }) => {
      const username = unique('erst')
      return {
        path: '/first-register',
        init: { method: 'POST', headers: headersFor(callers[role]), body: jsonBody({ username, email: `${username}@example.com`, password: unique('Pw') }) },
      }
    },
  },
  orders: {
    'POST /:id/status': async ({ callers, role, recordId }) => ({
      path: `/${recordId}/status`,
      init: { method: 'POST', headers: headersFor(callers[role]), body: jsonBody({ status: 'cancelled' }) },
    }),
    'POST /:id/deliver': async ({ payload, callers, role, recordId }) => {
      await payload.update({ collection: 'orders', id: recordId, data: { status: 'paid' } })
      await payload.update({ collection: 'orders', id: recordId, data: { status: 'in_progress' } })
      const song = silentWav(1)
      const file = await payload.create({
        collection: 'audio',
        data: { purpose: 'delivery' },
        file: { data: song, mimetype: 'audio/wav', name: `${unique('song')}.wav`, size: song.length },
      })
      return {
        path: `/${recordId}/deliver`,
        init: { method: 'POST', headers: headersFor(callers[role]), body: jsonBody({ files: [file.id], description: 'Matrix' }) },
      }
    },
  },
  followers: {
    'POST /import': async ({ callers, role }) => ({
      path: '/import',
      init: { method: 'POST', headers: headersFor(callers[role]), body: jsonBody({ csv: `${unique('matrix-import')}@example.com\n`, locale: 'de' }) },
    }),
  },
  // On a draft news item each: "send" makes a mailing that waits for its publication, so nobody is mailed.
  'follower-mailings': {
    'GET /release': async ({ payload, callers, role }) => ({
      path: `/release?collection=news&id=${await draftNewsOf(payload)}`,
      init: { headers: headersFor(callers[role], false) },
    }),
    'GET /preview': async ({ payload, callers, role }) => ({
      path: `/preview?collection=news&id=${await draftNewsOf(payload)}&locale=de`,
      init: { headers: headersFor(callers[role], false) },
    }),
    'POST /test': async ({ payload, callers, role }) => ({
      path: '/test',
      init: { method: 'POST', headers: headersFor(callers[role]), body: jsonBody({ collection: 'news', id: await draftNewsOf(payload) }) },
    }),
    'POST /send': async ({ payload, callers, role }) => ({
      path: '/send',
      init: { method: 'POST', headers: headersFor(callers[role]), body: jsonBody({ collection: 'news', id: await draftNewsOf(payload) }) },
    }),
  },
  'download-codes': {
    'POST /generate': async ({ payload, callers, role }) => ({
      path: '/generate',
      init: {
        method: 'POST',
        headers: headersFor(callers[role]),
        body: jsonBody({ kind: 'track', id: await anyId(payload, 'tracks'), count: 2, batch: 'Matrix' }),
      },
    }),
    'GET /batches': async ({ payload, callers, role }) => ({
      path: `/batches?kind=track&id=${await anyId(payload, 'tracks')}`,
      init: { headers: headersFor(callers[role], false) },
    }),
    'GET /export': async ({ callers, role }) => ({ path: '/export?batch=Matrix', init: { headers: headersFor(callers[role], false) } }),
  },
  mails: {
    'POST /:id/resend': async ({ callers, role, recordId }) => ({ path: `/${recordId}/resend`, init: { method: 'POST', headers: headersFor(callers[role]) } }),
  },
  'payload-jobs': {
    'GET /run': async ({ callers, role }) => ({ path: '/run?queue=access-matrix-empty', init: { headers: headersFor(callers[role]) } }),
    'GET /handle-schedules': async ({ callers, role }) => ({
      path: '/handle-schedules?queue=access-matrix-empty',
      init: { headers: headersFor(callers[role]) },
    }),
  },
  'payload-preferences': {
    'GET /:key': async ({ callers, role }) => ({ path: `/${unique('matrix')}`, init: { headers: headersFor(callers[role]) } }),
    'POST /:key': async ({ callers, role }) => ({
      path: `/${unique('matrix')}`,
      init: { method: 'POST', headers: headersFor(callers[role]), body: jsonBody({ value: { matrix: true } }) },
    }),
    'DELETE /:key': async ({ payload, callers, role }) => {
      const key = unique('matrix')
      await preferenceOf(payload, sellerAccount.id, key)
      return { path: `/${key}`, init: { method: 'DELETE', headers: headersFor(callers[role]) } }
    },
  },
}

/** Users: a route that changes the account it acts on gets an account of its own per caller (other collections: every cell makes its own record). */
const CHANGES_THE_ACCOUNT = new Set(['POST /:id/anonymise'])

/** Every caller's cell at once (or one after another, the seller last, when they share one record). */
async function eachRole(fixture: Fixture, cell: (role: Role) => Promise<void>): Promise<void> {
  if (fixture.sharedRecord) {
    for (const role of ROLES) await cell(role)
    return
  }
  const outcomes = await Promise.allSettled(ROLES.map(cell))
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
  if (failed) throw failed.reason
}

const STATUSES: Record<CallAnswer, (status: number) => boolean> = {
  allowed: (status) => status >= 200 && status < 300,
  denied: (status) => [401, 403, 404].includes(status),
  invalid: (status) => status === 400,
  'no route': (status) => status === 501,
  'not reached': () => true, // what counts is checked beside: the record is not in the answer and not changed
}

function expectCall(answer: Answer, expected: CallAnswer, what: string) {
  const where = `${what} answered ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 300)}`
  expect({ where, [expected]: STATUSES[expected](answer.status) }).toEqual({ where, [expected]: true })
}

describe('access matrix of Payload’s REST API', () => {
  let owner: TestCustomer
  let other: TestCustomer
  let callers: Callers
  let payload: Payload

  let startedAt: string

  beforeAll(async () => {
    startedAt = new Date().toISOString()
    payload = await testPayload()
    let seller: { token: string }
    ;[owner, other, seller] = await Promise.all([createCustomer('matrix-a'), createCustomer('matrix-b'), loginSeller()])
    callers = { anonymous: null, owner, otherCustomer: other, seller }
    const me = await getJson('/api/cms/users/me', { headers: bearer(seller) })
    sellerAccount = {
      id: me.body.user.id,
      email: me.body.user.email,
      username: me.body.user.username,
      password: JEST_SELLER.password,
      token: seller.token,
    }
  })
  // The seller's delete cell removed the imprint; it comes back with its default text, as on every start.
  // The catalog records the cells made go again, so later suites see the demo catalog as seeded.
  afterAll(async () => {
    await ensureLegalPages(payload)
    const madeHere: Where = { createdAt: { greater_than_equal: startedAt } }
    await payload.delete({ collection: 'mailing-deliveries', where: madeHere })
    await payload.delete({ collection: 'download-codes', where: madeHere })
    await payload.delete({ collection: 'follower-mailings', where: madeHere })
    for (const collection of ['music-groups', 'tracks', 'news', 'categories', 'packages', 'use-types', 'focus-themes', 'media'] as const) {
      await payload.delete({ collection, where: madeHere })
    }
    await closeTestPayload()
  })

  it('has a row for every collection and a cell for every endpoint of the running config', async () => {
    const config = (await testPayload()).config
    expect(Object.keys(MATRIX).sort()).toEqual(config.collections.map((collection) => collection.slug).sort())
    expect(Object.keys(FIXTURES).sort()).toEqual(Object.keys(MATRIX).sort())
    expect(Object.keys(GLOBALS_MATRIX).sort()).toEqual(config.globals.map((global) => global.slug).sort())
    for (const collection of config.collections) {
      // One route may have two endpoints: ours in front of Payload's own (users' login, logout and
      // refresh-token, collections/Users/endpoints/sessionWrites.ts); the first answers.
      const routes = [...new Set((collection.endpoints || []).map((endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`))]
      const beyondTheFive = routes.filter((route) => !GENERIC_ROUTES.has(route) && !STANDARD_ROUTES.includes(route))
      const inTable = Object.keys(MATRIX[collection.slug]).filter((route) => !STANDARD_ROUTES.includes(route))
      expect({ slug: collection.slug, routes: inTable.sort() }).toEqual({ slug: collection.slug, routes: beyondTheFive.sort() })
      for (const route of inTable)
        expect({ slug: collection.slug, route, request: typeof ENDPOINT_REQUESTS[collection.slug]?.[route] }).toEqual({
          slug: collection.slug,
          route,
          request: 'function',
        })
    }
  })

  describe.each(Object.keys(MATRIX))('%s', (slug) => {
    const row = MATRIX[slug]
    const fixture = FIXTURES[slug]
    const base = `/api/cms/${slug}`
    const stored = async (id: number | string) =>
      (await payload.find({ collection: slug as any, where: { id: { equals: id } }, depth: 0, limit: 1, pagination: false })).docs[0] as
        Record<string, any> | undefined
    // Records made since `since`, by their creation time where the collection keeps one: the job
    // runner completes (and deletes) jobs meanwhile, so a count of the whole collection could shrink
    // while a refused call made none.
    const count = async (where?: Where) => (await payload.count({ collection: slug as any, where })).totalDocs
    const timestamped = () => payload.collections[slug as keyof typeof payload.collections]?.config.timestamps !== false
    const startCount = async () => ({ at: new Date().toISOString(), total: timestamped() ? 0 : await count() })
    const madeSince = async (since: { at: string; total: number }) =>
      timestamped() ? await count({ createdAt: { greater_than_equal: since.at } }) : (await count()) - since.total

    /** Another caller than owner and seller never sees customer A's e-mail address in an answer. */
    const expectNoLeak = (role: Role, answer: Answer, what: string) => {
      // A login with customer A's own password answers with A's account, whoever sends it.
      if (role === 'owner' || role === 'seller' || what.includes('/login')) return
      expect({ what, leaks: JSON.stringify(answer.body ?? '').includes(owner.email) }).toEqual({ what, leaks: false })
    }

    it('GET / (find)', async () => {
      const recordId = await fixture.make(payload, owner)
      await Promise.all(
        ROLES.map(async (role) => {
          const answer = await getJson(`${base}?limit=0&depth=0`, { headers: headersFor(callers[role], false) })
          const expected = row['GET /'][role]
          const what = `${role}: GET ${base}`
          expectNoLeak(role, answer, what)
          if (expected === 'denied' || expected === 'no route') return expectCall(answer, expected, what)
          expect({ what, status: answer.status }).toEqual({ what, status: 200 })
          const docs = answer.body.docs as Record<string, any>[]
          const ids = docs.map((doc) => doc.id)
          const callerId = { anonymous: undefined, owner: owner.id, otherCustomer: other.id, seller: sellerAccount.id }[role]
          if (expected === 'all') expect({ what, listsRecord: ids.includes(recordId) }).toEqual({ what, listsRecord: true })
          if (expected === 'own only') {
            expect({ what, othersRecords: docs.filter((doc) => fixture.ownerOf?.(doc) !== callerId).map((doc) => doc.id) }).toEqual({ what, othersRecords: [] })
            expect({ what, listsRecord: ids.includes(recordId) }).toEqual({ what, listsRecord: role === 'owner' })
          }
          if (expected === 'public only' || expected === 'public and own') {
            expect({ what, listsRecord: ids.includes(recordId) }).toEqual({ what, listsRecord: expected === 'public and own' })
            const othersPrivate = docs.filter((doc) => doc.purpose !== 'track' && (expected === 'public only' || fixture.ownerOf?.(doc) !== callerId))
            expect({ what, othersPrivate: othersPrivate.map((doc) => doc.id) }).toEqual({ what, othersPrivate: [] })
          }
        }),
      )
    })

    it('GET /:id (findByID)', async () => {
      const recordId = await fixture.make(payload, owner)
      await Promise.all(
        ROLES.map(async (role) => {
          const answer = await getJson(`${base}/${recordId}?depth=0`, { headers: headersFor(callers[role], false) })
          const what = `${role}: GET ${base}/${recordId}`
          expectNoLeak(role, answer, what)
          expectCall(answer, row['GET /:id'][role], what)
          if (row['GET /:id'][role] === 'allowed') expect(answer.body.id).toBe(recordId)
          else expect({ what, shows: answer.body?.id === recordId }).toEqual({ what, shows: false })
        }),
      )
    })

    it('POST / (create)', async () => {
      for (const role of ROLES) {
        const expected = row['POST /'][role]
        if (expected === 'allowed' && !fixture.createBody) throw new Error(`${slug}: a create the table allows needs a createBody`)
        const body = fixture.createBody ? await fixture.createBody() : jsonBody({})
        const before = await startCount()
        const answer = await getJson(base, { method: 'POST', headers: headersFor(callers[role], typeof body === 'string'), body })
        const what = `${role}: POST ${base}`
        expectNoLeak(role, answer, what)
        expectCall(answer, expected, what)
        if (expected === 'allowed') expect(await stored(answer.body.doc.id)).toBeDefined()
        else if (expected !== 'no route') expect({ what, created: await madeSince(before) }).toEqual({ what, created: 0 })
      }
    })

    it('PATCH /:id (update) and DELETE /:id (delete), each caller on a record of its own', async () => {
      await eachRole(fixture, async (role) => {
        // Users: the record is an account; its owner is the account itself.
        const recordOwner = slug === 'users' ? await createCustomer('matrix-eigen') : owner
        const asCaller = role === 'owner' ? recordOwner : callers[role]
        const recordId = await fixture.make(payload, recordOwner)
        const before = await stored(recordId)
        const patched = await getJson(`${base}/${recordId}`, { method: 'PATCH', headers: headersFor(asCaller), body: jsonBody({}) })
        const what = `${role}: PATCH ${base}/${recordId}`
        expectNoLeak(role, patched, what)
        expectCall(patched, row['PATCH /:id'][role], what)
        if (row['PATCH /:id'][role] !== 'allowed')
          expect({ what, updatedAt: (await stored(recordId))?.updatedAt }).toEqual({ what, updatedAt: before?.updatedAt })

        const deleted = await getJson(`${base}/${recordId}`, { method: 'DELETE', headers: headersFor(asCaller, false) })
        const deleteWhat = `${role}: DELETE ${base}/${recordId}`
        expectNoLeak(role, deleted, deleteWhat)
        expectCall(deleted, row['DELETE /:id'][role], deleteWhat)
        expect({ deleteWhat, stillThere: (await stored(recordId)) !== undefined }).toEqual({ deleteWhat, stillThere: row['DELETE /:id'][role] !== 'allowed' })
      })
    }, 120_000)

    const customRoutes = Object.keys(row).filter((route) => !STANDARD_ROUTES.includes(route))
    if (customRoutes.length > 0) {
      it.each(customRoutes)(
        '%s',
        async (route) => {
          const cells = row[route] as Cells<CallAnswer>
          await eachRole(fixture, async (role) => {
            const recordOwner = slug === 'users' && CHANGES_THE_ACCOUNT.has(route) ? await createCustomer('matrix-eigen') : owner
            const recordId = await fixture.make(payload, recordOwner)
            const request = await ENDPOINT_REQUESTS[slug][route]({
              payload,
              slug,
              role,
              callers: { ...callers, owner: role === 'owner' ? recordOwner : owner },
              owner: recordOwner,
              other,
              recordId,
            })
            const answer = await getJson(base + request.path, request.init)
            const what = `${role}: ${route.split(' ')[0]} ${base}${request.path}`
            expectNoLeak(role, answer, what)
            expectCall(answer, cells[role], what)
            if (route === 'GET /me' && role !== 'anonymous')
              expect(answer.body.user?.id).toBe(role === 'owner' ? recordOwner.id : role === 'otherCustomer' ? other.id : sellerAccount.id)
            if (route === 'GET /me' && role === 'anonymous') expect(answer.body.user ?? null).toBeNull()
          })
        },
        120_000,
      )
    }
  })

  describe.each(Object.keys(GLOBALS_MATRIX))('global %s', (slug) => {
    it('GET and POST /api/cms/globals/{slug}', async () => {
      for (const role of ROLES) {
        const read = await getJson(`/api/cms/globals/${slug}?depth=0`, { headers: headersFor(callers[role], false) })
        expectCall(read, GLOBALS_MATRIX[slug].GET[role], `${role}: GET /api/cms/globals/${slug}`)
        const before = await payload.findGlobal({ slug: slug as any, depth: 0 })
        const saved = await getJson(`/api/cms/globals/${slug}`, { method: 'POST', headers: headersFor(callers[role]), body: jsonBody({}) })
        expectCall(saved, GLOBALS_MATRIX[slug].POST[role], `${role}: POST /api/cms/globals/${slug}`)
        if (GLOBALS_MATRIX[slug].POST[role] === 'denied') expect((await payload.findGlobal({ slug: slug as any, depth: 0 })).updatedAt).toBe(before.updatedAt)
      }
    })
  })

  /**
   * Issue 33: the customers' music (docs/security.md, "The customers' music"). A signed download
   * link of a library row works for the row's owner alone; the file of a track the catalog does
   * not show plays for its owner (and the seller) alone.
   */
  describe("the customers' music: GET /api/library/download/… and the owned track's file", () => {
    type Caller = 'anonymous' | 'owner' | 'otherCustomer' | 'seller'
    const CALLERS: Caller[] = ['anonymous', 'owner', 'otherCustomer', 'seller']
    const DOWNLOAD: Record<Caller, number> = { anonymous: 401, owner: 200, otherCustomer: 404, seller: 404 }
    const OWNED_FILE: Record<Caller, number> = { anonymous: 404, owner: 200, otherCustomer: 404, seller: 200 }
    const REVOKED_OR_UNPAID: Record<Caller, number> = { anonymous: 401, owner: 404, otherCustomer: 404, seller: 404 }
    let links: { paid: string; unpaid: string }
    let ownedFile: string

    beforeAll(async () => {
      const album = await makeAlbum(['Matrix-Ton'], { draft: true })
      const [paid, unpaid] = await Promise.all([purchaseOf(owner.id, 'paid'), purchaseOf(owner.id, 'pending_payment')])
      const paidRow = await grant(owner.id, { kind: 'music-group', id: album.id }, { purchase: paid, formats: ['mp3'] })
      const unpaidRow = await grant(owner.id, { kind: 'track', id: album.tracks[0]!.id }, { purchase: unpaid, formats: ['mp3'] })
      links = {
        paid: signedLibraryDownloadPath({ item: { kind: 'track', id: album.tracks[0]!.id }, format: 'mp3', right: { libraryItem: paidRow.id } }),
        unpaid: signedLibraryDownloadPath({ item: { kind: 'track', id: album.tracks[0]!.id }, format: 'mp3', right: { libraryItem: unpaidRow.id } }),
      }
      ownedFile = `/media/audio/${album.tracks[0]!.filename}`
    })

    const callAs = async (caller: Caller, path: string) => {
      const who = callers[caller]
      const response = await fetch(BASE_URL + path, { headers: who ? bearer(who) : {} })
      const body = response.headers.get('content-type')?.includes('json') ? await response.json() : (await response.arrayBuffer(), null)
      return { status: response.status, detail: body?.detail }
    }

    it.each(CALLERS)('%s: the owner’s link of a paid row, of an unpaid row, and the owned track’s file', async (caller) => {
      const [paid, unpaid, file] = [await callAs(caller, links.paid), await callAs(caller, links.unpaid), await callAs(caller, ownedFile)]
      expect({ caller, paid: paid.status, unpaid: unpaid.status, file: file.status }).toEqual({
        caller,
        paid: DOWNLOAD[caller],
        unpaid: REVOKED_OR_UNPAID[caller],
        file: OWNED_FILE[caller],
      })
      // Every refusal of the download route says why.
      for (const answer of [paid, unpaid]) if (answer.status >= 400) expect(answer.detail).toEqual(expect.any(String))
    })
  })

  /**
   * Issue 28: the brakes on one customer's writes to the storefront's own routes (docs/security.md,
   * "Order steps"). A payment call beyond the customer's limit answers 429; a write while another
   * request of the customer holds its lock answers 409 with Retry-After within moments, holds no
   * database connection while it waits, and stores nothing.
   */
  describe("the storefront's brakes on one customer's writes", () => {
    let customer: TestCustomer
    beforeAll(async () => {
      customer = await createCustomer('matrix-brakes')
    })

    it(`POST /api/orders/{id}/pay/: ${PAY_RATE.perCustomer} calls in ${PAY_RATE.windowMinutes} minutes, then 429 with detail`, async () => {
      const orderId = await orderOf(await testPayload(), customer)
      const answers = await Promise.all(
        Array.from({ length: PAY_RATE.perCustomer + 2 }, () => getJson(`/api/orders/${orderId}/pay/`, { method: 'POST', headers: bearer(customer) })),
      )
      // A prepayment order has no payment page: 409 while the limit lets the call through.
      expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(PAY_RATE.perCustomer).fill(409), 429, 429])
      const refused = answers.find((answer) => answer.status === 429)!
      expect(refused.body.detail).toMatch(/payment page very often/)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    })

    it("a write while the customer's lock is held elsewhere: 409 busy with Retry-After, nothing stored; stored once the lock is free", async () => {
      const payload = await testPayload()
      const orders = async () => (await payload.count({ collection: 'orders', where: { customer: { equals: customer.id } } })).totalDocs
      const place = () =>
        getJson('/api/orders/', {
          method: 'POST',
          headers: { ...bearer(customer), 'Content-Type': 'application/json' },
          body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', terms_accepted: true, early_start_consent: true }),
        })
      const before = await orders()
      const holder = await (payload.db as unknown as { pool: { connect: () => Promise<any> } }).pool.connect()
      try {
        await holder.query('select pg_advisory_lock($1, $2)', [CUSTOMER_LOCK_SPACE, customer.id])
        const started = Date.now()
        const busy = await place()
        expect({ status: busy.status, code: busy.body.code, retryAfter: busy.headers.get('retry-after') }).toEqual({
          status: 409,
          code: 'busy',
          retryAfter: String(BUSY_LOCK.retryAfterSeconds),
        })
        expect(busy.body.detail).toMatch(/try again/)
        expect(Date.now() - started).toBeLessThan(BUSY_LOCK.giveUpAfterMs + 2000)
        expect(await orders()).toBe(before)
      } finally {
        await holder.query('select pg_advisory_unlock($1, $2)', [CUSTOMER_LOCK_SPACE, customer.id])
        holder.release()
      }
      expect((await place()).status).toBe(201)
      expect(await orders()).toBe(before + 1)
    })
  })
})
