import path from 'node:path'
import type { Payload, TypedUser } from 'payload'
import type { Order } from '../../payload-types'
import { parseDocumentId } from '@/http/document-id'
import { attachment } from '@/http/content-disposition'
import { fileResponse } from '@/http/file-response'
import { jsonError } from '@/http/answer'
import { type DeliveredSong, findDeliveredSong } from '@/orders/delivered-songs'
import { ORDER_READ } from '@/orders/serialize'
import { fileStore } from '@/storage/file-store'
import { type DownloadFormat, isDownloadFormat, masterFormatOf } from './formats'
import { mp3Of } from './mp3-cache'
import { checkDownloadLink, nowInSeconds } from './signed-link'
import { packageLabel } from '@/rules/choices'

type LinkParts = { audio: string; format: string; search: URLSearchParams }

/**
 * GET /api/downloads/{audio}/{format}/?u&e&s: the file of a signed download link, as an
 * attachment. Refused unless the signature holds (403), the link has not expired (410), the link
 * was made for the logged-in account (403) and that account still has the song in one of its
 * orders (404: a refunded order, a removed file).
 */
export async function serveDownload(payload: Payload, request: Request, user: TypedUser | null, { audio, format, search }: LinkParts): Promise<Response> {
  const audioId = parseDocumentId(audio)
  const linkUser = parseDocumentId(search.get('u') ?? '')
  const expires = Number(search.get('e'))
  const signature = search.get('s') ?? ''
  if (audioId === null || linkUser === null || !isDownloadFormat(format) || !Number.isSafeInteger(expires)) {
    return jsonError(403, 'This download link is not valid.')
  }
  const check = checkDownloadLink(payload.secret, { user: linkUser, audio: audioId, format, expires }, signature, nowInSeconds())
  if (!check.ok) {
    return check.reason === 'expired'
      ? jsonError(410, 'This download link has expired. Start the download again on your order page.')
      : jsonError(403, 'This download link is not valid.')
  }
  if (!user) return jsonError(401, 'Please log in to download your song.')
  if (Number(user.id) !== linkUser) return jsonError(403, 'This download link was made for another account.')

  const found = await findOwnSong(payload, user, audioId)
  const filename = found?.song.audio.filename ? path.basename(found.song.audio.filename) : null
  if (!found || !filename) return jsonError(404, 'There is no such song in your account.')
  const { order, song } = found
  const store = fileStore()
  // A removed master takes its MP3 along, even one still stored.
  if (!(await store.exists('audio', filename))) return jsonError(404, 'There is no such song in your account.')
  const mp3 = format === 'mp3' ? await mp3Of(audioId, filename) : null
  const served =
    format === 'mp3'
      ? { file: mp3 === null ? null : await store.open('mp3', mp3), contentType: 'audio/mpeg', extension: 'mp3' }
      : { file: await store.open('audio', filename), ...masterFormatOf(filename) }
  const response = await fileResponse(request, served.file, { contentType: served.contentType, cacheControl: 'private, no-store' })
  if (!response) return jsonError(404, 'There is no such song in your account.')
  response.headers.set('Content-Disposition', attachment(downloadName(order, song, format, served.extension)))
  return response
}

/** The caller's order that holds this delivered song, read as the caller (the orders collection's access decides). */
async function findOwnSong(payload: Payload, user: TypedUser, audioId: number): Promise<{ order: Order; song: DeliveredSong } | null> {
  const { docs } = await payload.find({
    collection: 'orders',
    where: { and: [{ customer: { equals: user.id } }, { 'uploads.audio': { equals: audioId } }] },
    limit: 1,
    pagination: false,
    ...ORDER_READ,
    user,
    overrideAccess: false,
  })
  const order = docs[0]
  const song = order ? findDeliveredSong(order, audioId) : null
  return order && song ? { order, song } : null
}

/** E.g. "VocalBalance-Bestellung-42-Fassung-2.mp3", in the language the customer ordered in. */
function downloadName(order: Order, song: DeliveredSong, format: DownloadFormat, extension: string): string {
  const words = order.locale === 'en' ? { order: 'order', version: 'version' } : { order: 'Bestellung', version: 'Fassung' }
  const base = `${packageLabel(order)}-${words.order}-${order.id}-${words.version}-${song.version}`
  return `${base}${format === 'original' ? '-original' : ''}.${extension}`
}
