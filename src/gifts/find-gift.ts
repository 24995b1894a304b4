import path from 'node:path'
import type { Payload } from 'payload'
import type { Media } from '../../payload-types'
import type { Locale } from '@/i18n/locales'
import { findDeliveredSong } from '@/orders/delivered-songs'
import { hashGiftToken, isGiftTokenShaped } from './gift-token'
import { idOf } from '@/site/relation-id'

/**
 * Everything a gift page shows, and nothing more: no name, address, e-mail or order number of the
 * giver. The song is played from the master's tag-free MP3 (gift-audio.ts), never the master.
 */
export type Gift = { title: string; cover: string | null; dedication: string; audioId: number; masterName: string }

/**
 * The gift behind a token, or null for an unknown, malformed or revoked one, or when the song is
 * no longer the customer's (a refund, a removed file). Read by the server without a user: the
 * token is the permission, and only what the page shows leaves here.
 */
export async function findGift(payload: Payload, token: string, locale: Locale): Promise<Gift | null> {
  if (!isGiftTokenShaped(token)) return null
  const { docs } = await payload.find({
    collection: 'gift-links',
    where: { and: [{ token_hash: { equals: hashGiftToken(token) } }, { revoked_at: { exists: false } }] },
    limit: 1,
    pagination: false,
    depth: 0,
  })
  const link = docs[0]
  if (!link) return null
  const orderId = idOf(link.order)
  const audioId = idOf(link.audio)
  const order = await payload.findByID({
    collection: 'orders',
    id: orderId,
    depth: 1,
    populate: { audio: { filename: true, purpose: true, title: true } },
    disableErrors: true,
  })
  const song = order ? findDeliveredSong(order, audioId) : null
  if (!order || !song?.audio.filename) return null

  const { docs: packages } = await payload.find({ collection: 'packages', where: { slug: { equals: order.package } }, limit: 1, depth: 1, locale })
  const pkg = packages[0]
  const image = pkg?.image && typeof pkg.image === 'object' ? (pkg.image as Media) : null
  return {
    title: song.description || song.audio.title || pkg?.name || order.package_name || '',
    cover: image?.url ?? null,
    dedication: link.dedication ?? '',
    audioId: song.audio.id,
    // The master's name in the storage area "audio" (src/storage/).
    masterName: path.basename(song.audio.filename),
  }
}
