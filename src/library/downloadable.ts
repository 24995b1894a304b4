import path from 'node:path'
import type { Payload, TypedUser } from 'payload'
import type { Audio, Media, MusicGroup, Track } from '../../payload-types'
import { groupOffer, trackOffer } from '@/catalog/sale-offer'
import { masterFormatOf } from '@/downloads/formats'
import { messagesFor } from '@/i18n/translator'
import { isFreeToTake, type SaleFormat } from '@/rules/catalog-sale'
import { type Outcome, refuse } from '@/site/outcome'
import { idOf } from '@/site/relation-id'
import type { LibraryDownloadLink } from './download-link'
import type { Master, StoredCover } from './tagged-file'
import type { TrackTags } from './tags'

/** One track ready to be made into a download: its master, its cover and its tags. */
export type DownloadableTrack = { trackId: number; master: Master; cover: StoredCover | null; tags: TrackTags; duration?: number | null }

/** What a link downloads: one track, or an album's tracks in order (one ZIP) with its cover and the facts of its track list. */
export type Downloadable =
  | { kind: 'track'; track: DownloadableTrack }
  | { kind: 'music-group'; title: string; artist: string; form: MusicGroup['form']; year?: string; cover: StoredCover | null; tracks: DownloadableTrack[] }

/** The artist every track is tagged with: the shop's musician (the storefront's name, the same in both languages). */
export const ARTIST = messagesFor('de').site.name

/** Tags in German, the shop's first language. */
const TAG_LOCALE = 'de'

const noSuchMusic = () => refuse(404, 'There is no such music in your account.')

/**
 * Whether a checked link's right still holds, and what it downloads. A library item's right: the
 * logged-in account owns the row (else 404, like a row that does not exist), it is not revoked
 * (410), its purchase is paid (404), the album or track is the row's (or a track of the row's
 * album), and the format was part of it; the music is read whether or not the catalog still shows
 * it. A free right: the album or track is published and still free to take, in that format.
 * FLAC only when every master is lossless.
 */
export async function resolveLibraryDownload(payload: Payload, user: TypedUser | null, link: LibraryDownloadLink): Promise<Outcome<Downloadable>> {
  let formats: SaleFormat[]
  let owned: boolean
  if ('libraryItem' in link.right) {
    if (!user) return refuse(401, 'Please log in to download your music.')
    const item = await payload.findByID({ collection: 'library-items', id: link.right.libraryItem, depth: 0, user, overrideAccess: false, disableErrors: true })
    if (!item || idOf(item.customer) !== Number(user.id)) return noSuchMusic()
    if (item.revoked_at) return refuse(410, 'The download rights of this music have ended (its purchase was refunded or withdrawn).')
    if (item.source === 'purchase') {
      const purchaseId = idOf(item.purchase)
      const purchase =
        purchaseId === null
          ? null
          : await payload.findByID({ collection: 'purchases', id: purchaseId, depth: 0, select: { status: true }, disableErrors: true })
      if (purchase?.status !== 'paid') return refuse(404, 'This music is not in your account: its purchase is not paid.')
    }
    const ownedId = idOf(item.kind === 'music-group' ? item.music_group : item.track)
    if (ownedId === null) return noSuchMusic()
    if (
      link.item.kind === item.kind ? link.item.id !== ownedId : link.item.kind === 'music-group' || !(await albumHoldsTrack(payload, ownedId, link.item.id))
    ) {
      return noSuchMusic()
    }
    formats = item.formats?.length ? item.formats : ['mp3']
    owned = true
  } else {
    const offer = await currentOffer(payload, link.item)
    if (offer === 'gone') return refuse(404, 'There is no such music in the catalog.')
    if (!offer || !isFreeToTake(offer)) return refuse(410, 'This music is no longer free to take.')
    formats = offer.formats
    owned = false
  }
  if (!formats.includes(link.format)) return refuse(404, 'This format is not offered for this music.')

  const music = await downloadable(payload, link.item, owned)
  if (!music) return refuse(404, 'There is no such music in the catalog.')
  const tracks = music.kind === 'track' ? [music.track] : music.tracks
  if (tracks.length === 0) return refuse(404, 'This album has no tracks to download.')
  if (link.format === 'flac' && !tracks.every((track) => masterFormatOf(track.master.filename).lossless)) {
    return refuse(404, 'FLAC is made from lossless masters only.')
  }
  return { ok: true, value: music }
}

async function albumHoldsTrack(payload: Payload, groupId: number, trackId: number): Promise<boolean> {
  const group = await payload.findByID({ collection: 'music-groups', id: groupId, depth: 0, select: { tracks: true }, disableErrors: true })
  return Boolean(group?.tracks?.some((track) => idOf(track) === trackId))
}

/** The offer of a published album or track as a visitor sees it; 'gone' when a visitor cannot read it. */
async function currentOffer(payload: Payload, item: LibraryDownloadLink['item']) {
  const read = { id: item.id, depth: 2, locale: TAG_LOCALE, overrideAccess: false, disableErrors: true } as const
  if (item.kind === 'music-group') {
    const group = await payload.findByID({ collection: 'music-groups', ...read })
    return group ? groupOffer(group) : 'gone'
  }
  const track = await payload.findByID({ collection: 'tracks', ...read })
  return track ? trackOffer(track) : 'gone'
}

const storedCover = (cover: number | Media | null | undefined): StoredCover | null =>
  typeof cover === 'object' && cover?.filename && cover.mimeType ? { filename: path.basename(cover.filename), mimeType: cover.mimeType } : null

const masterOf = (track: Track): Master | null => {
  const audio = track.audio as number | Audio
  return typeof audio === 'object' && audio.filename ? { audioId: audio.id, filename: path.basename(audio.filename) } : null
}

const yearOf = (group: Pick<MusicGroup, 'release_date'> | null) => (group?.release_date ? String(new Date(group.release_date).getUTCFullYear()) : undefined)

/** The album's tracks that have a master, numbered in playing order. */
function numberedTracks(group: MusicGroup): DownloadableTrack[] {
  const tracks = (group.tracks ?? []).filter((track): track is Track => typeof track === 'object' && track !== null && masterOf(track) !== null)
  return tracks.map((track, index) => ({
    trackId: track.id,
    master: masterOf(track)!,
    cover: storedCover(track.cover) ?? storedCover(group.cover),
    tags: { title: track.title, artist: ARTIST, album: group.title, trackNumber: index + 1, trackTotal: tracks.length, year: yearOf(group) },
    duration: (track.audio as Audio).duration,
  }))
}

/**
 * The album or track with what its download needs, read with the visitor's access (a free right)
 * or beyond the catalog's (music the customer owns, even taken off the catalog). A track names the
 * album or single it is on (its number there), else itself as a single.
 */
async function downloadable(payload: Payload, item: LibraryDownloadLink['item'], owned: boolean): Promise<Downloadable | null> {
  const read = { depth: 2, locale: TAG_LOCALE, overrideAccess: owned } as const
  if (item.kind === 'music-group') {
    const group = await payload.findByID({ collection: 'music-groups', id: item.id, ...read, disableErrors: true })
    if (!group) return null
    return {
      kind: 'music-group',
      title: group.title,
      artist: ARTIST,
      form: group.form,
      year: yearOf(group),
      cover: storedCover(group.cover),
      tracks: numberedTracks(group),
    }
  }
  const track = await payload.findByID({ collection: 'tracks', id: item.id, ...read, disableErrors: true })
  const master = track && masterOf(track)
  if (!track || !master) return null
  const { docs } = await payload.find({
    collection: 'music-groups',
    where: { and: [{ tracks: { contains: item.id } }, { form: { not_equals: 'playlist' } }] },
    sort: 'release_date',
    limit: 1,
    ...read,
  })
  const onAlbum = docs[0] ? numberedTracks(docs[0]).find((numbered) => numbered.trackId === track.id) : undefined
  const single: TrackTags = { title: track.title, artist: ARTIST, album: track.title, trackNumber: 1, trackTotal: 1 }
  return { kind: 'track', track: onAlbum ?? { trackId: track.id, master, cover: storedCover(track.cover), tags: single } }
}
