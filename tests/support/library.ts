import { randomBytes } from 'node:crypto'
import { createLocalReq } from 'payload'
import sharp from 'sharp'
import type { LibraryItem, MusicGroup } from '../../payload-types'
import { grantLibraryItem, type LibraryGrant, purchaseGrantKey } from '../../src/library/grant'
import type { PurchaseStatus } from '../../src/purchases/status'
import type { SaleFormat } from '../../src/rules/catalog-sale'
import { silentWav } from './audio'
import { testPayload } from './payload'

/*
 * The customers' music for tests (issue 33): an album of its own with a cover and tagged masters,
 * purchases in any status, and library rows made with grantLibraryItem as the purchase flow does.
 */

/** A WAV master that carries a tag of its own (RIFF INFO comment), which no download may keep. */
export function taggedWav(seconds: number, comment: string): Buffer {
  const wav = silentWav(seconds)
  const text = Buffer.from(`${comment}\0`, 'latin1')
  const padded = Buffer.concat([text, Buffer.alloc(text.length % 2)])
  const icmt = Buffer.concat([Buffer.from('ICMT'), Buffer.alloc(4), padded])
  icmt.writeUInt32LE(text.length, 4)
  const list = Buffer.concat([Buffer.from('LIST'), Buffer.alloc(4), Buffer.from('INFO'), icmt])
  list.writeUInt32LE(list.length - 8, 4)
  const whole = Buffer.concat([wav, list])
  whole.writeUInt32LE(whole.length - 8, 4)
  return whole
}

/** A small JPEG cover. */
export const coverJpeg = (): Promise<Buffer> =>
  sharp({ create: { width: 48, height: 48, channels: 3, background: '#7a8cc4' } })
    .jpeg()
    .toBuffer()

export type TestAlbum = { id: number; title: string; tracks: { id: number; title: string; audio: number; filename: string }[]; cover: number }

/**
 * An album of `titles.length` tracks (WAV masters with a foreign comment), with a JPEG cover,
 * published unless `draft`, sold at a fixed price with FLAC and the master offered.
 */
export async function makeAlbum(titles: string[], { draft = false, sale }: { draft?: boolean; sale?: MusicGroup['sale'] } = {}): Promise<TestAlbum> {
  const payload = await testPayload()
  const suffix = randomBytes(4).toString('hex')
  const jpeg = await coverJpeg()
  const cover = await payload.create({
    collection: 'media',
    data: { alt: `Cover ${suffix}` },
    file: { data: jpeg, mimetype: 'image/jpeg', name: `cover-${suffix}.jpg`, size: jpeg.length },
    depth: 0,
  })
  const status = draft ? 'draft' : 'published'
  const tracks: TestAlbum['tracks'] = []
  for (const [index, title] of titles.entries()) {
    const wav = taggedWav(1.5, 'Fremder Kommentar des Masters')
    const audio = await payload.create({
      collection: 'audio',
      data: { title, purpose: draft ? 'delivery' : 'track' },
      file: { data: wav, mimetype: 'audio/wav', name: `lib-${suffix}-${index + 1}.wav`, size: wav.length },
      depth: 0,
    })
    const track = await payload.create({
      collection: 'tracks',
      locale: 'de',
      data: { title, audio: audio.id, sale: { mode: 'fixed_price', price: 1.29, offer_flac: true, offer_original: true }, _status: status },
      draft,
      depth: 0,
    })
    tracks.push({ id: track.id, title, audio: audio.id, filename: audio.filename! })
  }
  const title = `Album ${suffix}`
  const group = await payload.create({
    collection: 'music-groups',
    locale: 'de',
    data: {
      title,
      form: 'album',
      cover: cover.id,
      release_date: '2026-03-20T12:00:00.000Z',
      tracks: tracks.map((track) => track.id),
      sale: sale ?? { mode: 'fixed_price', price: 9.99, offer_flac: true, offer_original: true },
      _status: status,
    },
    draft,
    depth: 0,
  })
  return { id: group.id, title, tracks, cover: cover.id }
}

/**
 * A purchase of the customer in `status` (its lines are not what the tests look at), brought there
 * the way the shop does: placed awaiting payment, then changed as the seller would (paid, refunded,
 * cancelled), so the purchase's hooks run (invoice, grants, revocation).
 */
export async function purchaseOf(customer: number, status: PurchaseStatus): Promise<number> {
  const payload = await testPayload()
  const purchase = await payload.create({
    collection: 'purchases',
    data: {
      customer,
      status: 'pending_payment',
      lines: [{ kind: 'tip', title: 'Testkauf', amount: 9.99, vat_rate: 19, vat_amount: 1.6 }],
      total: 9.99,
      vat_amount: 1.6,
      payment_method: 'prepayment',
    },
    depth: 0,
  })
  const steps: PurchaseStatus[] = { pending_payment: [], paid: ['paid'], refunded: ['paid', 'refunded'], cancelled: ['cancelled'] }[status] as PurchaseStatus[]
  for (const step of steps) await payload.update({ collection: 'purchases', id: purchase.id, data: { status: step }, depth: 0 })
  return purchase.id
}

/** Puts an album or track into a customer's music, as a paid purchase (or a code) does. */
export async function grant(
  customer: number,
  item: LibraryGrant['item'],
  { purchase, formats = ['mp3', 'flac', 'original'] }: { purchase?: number; formats?: SaleFormat[] } = {},
): Promise<LibraryItem> {
  const payload = await testPayload()
  const req = await createLocalReq({}, payload)
  const key = purchase ? purchaseGrantKey(purchase, item) : `test-code:${randomBytes(6).toString('hex')}`
  return grantLibraryItem(payload, req, { customer, item, formats, source: purchase ? 'purchase' : 'code', purchase, key })
}
