import type { Payload, TypedUser } from 'payload'
import { attachment } from '@/http/content-disposition'
import { jsonError } from '@/http/answer'
import { fileResponse } from '@/http/file-response'
import { SALE_FORMAT_LABELS } from '@/rules/catalog-sale'
import { albumZipStream, coverEntryName, safeFileName, TRACK_LIST_NAME, trackEntryName, trackListText, type ZipEntry } from './album-zip'
import { checkLibraryDownloadLink, type LibraryDownloadLink } from './download-link'
import { type Downloadable, resolveLibraryDownload } from './downloadable'
import { taggedFileExtension, taggedTrackFile } from './tagged-file'
import { fileStore } from '@/storage/file-store'

type LinkParts = { kind: string; id: string; format: string; search: URLSearchParams }

/** Nobody's cache keeps a customer's download. */
const PRIVATE = 'private, no-store'

/**
 * GET /api/library/download/{kind}/{id}/{format}/?r&e&s: a signed link's download
 * (src/library/download-link.ts): a track as one tagged file (with Range), an album as one ZIP of
 * its tagged tracks in order, its cover and its track list. Refused when the link is malformed or
 * tampered with (403), expired (410), or its right no longer holds (src/library/downloadable.ts:
 * 401, 404, 410), each with `detail`.
 */
export async function serveLibraryDownload(payload: Payload, request: Request, user: TypedUser | null, parts: LinkParts): Promise<Response> {
  const check = checkLibraryDownloadLink(parts)
  if (!check.ok) {
    return check.reason === 'expired'
      ? jsonError(410, 'This download link has expired. Open “My music” again for a new one.')
      : jsonError(403, 'This download link is not valid.')
  }
  const resolved = await resolveLibraryDownload(payload, user, check.link)
  if (!resolved.ok) return jsonError(resolved.status, resolved.detail)
  const music = resolved.value
  return music.kind === 'track' ? serveTrack(request, check.link, music) : serveAlbum(request, check.link, music)
}

async function serveTrack(request: Request, link: LibraryDownloadLink, { track }: Extract<Downloadable, { kind: 'track' }>): Promise<Response> {
  const made = await taggedTrackFile(track.master, link.format, track.tags, track.cover)
  const response = made && (await fileResponse(request, await fileStore().open('library', made.name), { contentType: made.contentType, cacheControl: PRIVATE }))
  if (!made || !response) return jsonError(404, 'The file of this track is gone.')
  response.headers.set('Content-Disposition', attachment(`${safeFileName(`${track.tags.artist} - ${track.tags.title}`)}.${made.extension}`))
  return response
}

/** The album as one ZIP, streamed while its tracks are made: the tracks in order ("01 Title.mp3"), the cover, the track list with the credits. */
function serveAlbum(request: Request, link: LibraryDownloadLink, album: Extract<Downloadable, { kind: 'music-group' }>): Response {
  const formatName = link.format === 'original' ? 'Master' : link.format.toUpperCase()
  const headers = new Headers({
    'Content-Type': 'application/zip',
    'Cache-Control': PRIVATE,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': attachment(`${safeFileName(`${album.artist} - ${album.title} (${formatName})`)}.zip`),
  })
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers })
  const tracks: ZipEntry[] = album.tracks.map((track) => ({
    name: trackEntryName(track.tags.trackNumber, track.tags.title, taggedFileExtension(track.master, link.format)),
    stored: async () => {
      const made = await taggedTrackFile(track.master, link.format, track.tags, track.cover)
      return made && { area: 'library' as const, name: made.name }
    },
  }))
  const cover = album.cover
  const coverEntry: ZipEntry[] = cover
    ? [{ name: coverEntryName(cover.filename), stored: async () => ({ area: 'images' as const, name: cover.filename }) }]
    : []
  const trackList = trackListText({
    album: album.title,
    artist: album.artist,
    year: album.year,
    format: SALE_FORMAT_LABELS[link.format],
    tracks: album.tracks.map((track) => ({ trackNumber: track.tags.trackNumber, title: track.tags.title, duration: track.duration })),
    rights: `℗ ${album.year ?? new Date().getUTCFullYear()} ${album.artist}`,
  })
  return new Response(albumZipStream([...tracks, ...coverEntry, { name: TRACK_LIST_NAME, text: trackList }]), { status: 200, headers })
}
