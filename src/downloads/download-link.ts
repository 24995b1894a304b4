import type { Payload, TypedUser } from 'payload'
import { findDeliveredSong } from '@/orders/delivered-songs'
import { type Outcome, refuse } from '@/site/outcome'
import { findOwnOrder, noSuchOrder } from '@/orders/own-order'
import { parseDocumentId } from '@/http/document-id'
import { downloadFormatsFor, isDownloadFormat } from './formats'
import { grantFrom, nowInSeconds, signedDownloadPath } from './signed-link'

export type DownloadLink = { url: string; expires_at: string }

/**
 * POST /api/orders/{id}/downloads/ with JSON `{ audio, format }`: a short-lived signed link to one
 * delivered song of the caller's own order, in a format it is offered in.
 */
export async function issueDownloadLink(payload: Payload, customer: TypedUser, orderId: number | null, body: unknown): Promise<Outcome<DownloadLink>> {
  const { audio, format } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const audioId = typeof audio === 'number' ? audio : typeof audio === 'string' ? parseDocumentId(audio) : null
  if (audioId === null || !Number.isInteger(audioId) || audioId < 1) return refuse(400, 'Name the song as `audio` (its id).')
  if (!isDownloadFormat(format)) return refuse(400, 'Choose `format` "mp3" or "original".')

  const order = orderId === null ? null : await findOwnOrder(payload, customer, orderId)
  if (!order) return noSuchOrder()
  const song = findDeliveredSong(order, audioId)
  if (!song?.audio.filename) return refuse(404, 'This order has no such delivered song.')
  if (!downloadFormatsFor(song.audio.filename).includes(format)) return refuse(400, 'This song is offered as its original file only.')

  const grant = grantFrom(nowInSeconds(), { user: Number(customer.id), audio: audioId, format })
  return { ok: true, value: { url: signedDownloadPath(payload.secret, grant), expires_at: new Date(grant.expires * 1000).toISOString() } }
}
