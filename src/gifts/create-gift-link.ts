import type { Payload, TypedUser } from 'payload'
import { hasControlCharacters } from '@/http/plain-text'
import { parseDocumentId } from '@/http/document-id'
import type { Locale } from '@/i18n/locales'
import { findDeliveredSong } from '@/orders/delivered-songs'
import { type Outcome, refuse } from '@/site/outcome'
import { findOwnOrder, noSuchOrder } from '@/orders/own-order'
import { publicOrigin } from '@/site/public-url'
import { GIFT_ROUTES } from '@/site/routes'
import { withCustomerLocked } from '@/site/transaction'
import { hashGiftToken, newGiftToken } from './gift-token'
import { DEDICATION_MAX_LENGTH, OPEN_GIFT_LINKS_PER_ORDER } from './limits'

export type CreatedGiftLink = { id: number; url: string; audio: number; dedication: string; created_at: string }

type GiftRequest = { audioId: number; dedication: string }

function readGiftRequest(body: unknown): Outcome<GiftRequest> {
  const { audio, dedication = '' } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const audioId = typeof audio === 'number' && Number.isInteger(audio) && audio > 0 ? audio : typeof audio === 'string' ? parseDocumentId(audio) : null
  if (audioId === null) return refuse(400, 'Name the song as `audio` (its id).')
  if (typeof dedication !== 'string') return refuse(400, 'The dedication must be text.')
  const trimmed = dedication.trim()
  if (trimmed.length > DEDICATION_MAX_LENGTH) return refuse(400, `The dedication is too long (at most ${DEDICATION_MAX_LENGTH} characters).`)
  if (hasControlCharacters(trimmed)) return refuse(400, 'The dedication contains control characters.')
  return { ok: true, value: { audioId, dedication: trimmed } }
}

/**
 * POST /api/orders/{id}/gift-links/ with JSON `{ audio, dedication? }`: a private link to a gift
 * page for one delivered song of the caller's order. The token is shown only in this answer; the
 * database keeps its hash.
 */
export async function createGiftLink(
  payload: Payload,
  customer: TypedUser,
  orderId: number | null,
  body: unknown,
  locale: Locale,
): Promise<Outcome<CreatedGiftLink>> {
  const request = readGiftRequest(body)
  if (!request.ok) return request
  if (orderId === null) return noSuchOrder()

  return withCustomerLocked(payload, customer, { orderId }, { orderPage: true }, async (req): Promise<Outcome<CreatedGiftLink>> => {
    const order = await findOwnOrder(payload, customer, orderId, req)
    if (!order) return noSuchOrder()
    const song = findDeliveredSong(order, request.value.audioId)
    if (!song) return refuse(404, 'This order has no such delivered song.')
    const { totalDocs: open } = await payload.count({
      collection: 'gift-links',
      where: { and: [{ order: { equals: order.id } }, { revoked_at: { exists: false } }] },
      req,
    })
    if (open >= OPEN_GIFT_LINKS_PER_ORDER) return refuse(409, `An order can have at most ${OPEN_GIFT_LINKS_PER_ORDER} gift links at a time; revoke one first.`)

    const token = newGiftToken()
    const created = await payload.create({
      collection: 'gift-links',
      data: { order: order.id, customer: customer.id, audio: song.audio.id, dedication: request.value.dedication, token_hash: hashGiftToken(token) },
      depth: 0,
      req,
      user: customer,
      overrideAccess: false,
    })
    return {
      ok: true,
      value: {
        id: created.id,
        url: new URL(`${GIFT_ROUTES[locale]}/${token}`, publicOrigin()).toString(),
        audio: song.audio.id,
        dedication: created.dedication ?? '',
        created_at: created.createdAt,
      },
    }
  })
}
