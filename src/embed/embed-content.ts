import type { Payload } from 'payload'
import type { Audio, Media, MusicGroup, Track } from '../../payload-types'
import { cachedCatalogRead } from '@/catalog/cache'
import { TRACK_FIELDS, TRACK_SOURCES } from '@/catalog/tracks'
import { visitorRead } from '@/catalog/visitor-read'
import type { Locale } from '@/i18n/locales'
import { isPeaks } from '@/player/peaks'
import { peaksToSvgPath } from '@/player/waveform-path'
import type { EmbedKind } from '@/rules/embed'

/** The waveform's box in the embed's SVG (viewBox units): one column per unit, a few KB of path per track. */
export const WAVE_BOX = { width: 120, height: 40 } as const

export type EmbedTrack = { id: number; title: string; audio: string; duration: number | null; wave: string }
export type EmbedPicture = { url: string; width: number; height: number; alt: string }
export type EmbedContent = {
  kind: EmbedKind
  id: number
  title: string
  /** The album the "listen / buy" link leads to: the album itself, or for a track the first published album that holds it. */
  album: { id: number; title: string } | null
  /** The small cover the player shows (160 px) and the larger one oEmbed offers as thumbnail (480 px). */
  cover: { small: EmbedPicture; large: EmbedPicture } | null
  tracks: EmbedTrack[]
}

const populated = <T extends object>(value: number | T | null | undefined): T | null => (value && typeof value === 'object' ? value : null)

function pictureOf(media: Media, size: 'thumbnail' | 'card'): EmbedPicture | null {
  const sized = media.sizes?.[size]
  if (sized?.url && sized.width && sized.height) return { url: sized.url, width: sized.width, height: sized.height, alt: media.alt }
  return media.url && media.width && media.height ? { url: media.url, width: media.width, height: media.height, alt: media.alt } : null
}

function coverOf(upload: number | Media | null | undefined): EmbedContent['cover'] {
  const media = populated(upload)
  if (!media) return null
  const small = pictureOf(media, 'thumbnail')
  const large = pictureOf(media, 'card')
  return small && large ? { small, large } : null
}

/** A track a visitor can hear: published (the read's access rules) with a public audio file (else its audio stays unpopulated). */
function playableTrack(track: Pick<Track, 'id' | 'title' | 'audio'>): EmbedTrack | null {
  const audio = populated<Audio>(track.audio)
  if (!audio?.url) return null
  return {
    id: track.id,
    title: track.title,
    audio: audio.url,
    duration: audio.duration ?? null,
    wave: isPeaks(audio.peaks) ? peaksToSvgPath(audio.peaks, WAVE_BOX.width, WAVE_BOX.height) : '',
  }
}

async function loadAlbum(payload: Payload, id: number, locale: Locale): Promise<EmbedContent | null> {
  const group: MusicGroup | null = await payload.findByID({
    collection: 'music-groups',
    id,
    ...visitorRead(locale),
    depth: 2,
    populate: { tracks: TRACK_FIELDS },
    disableErrors: true,
  })
  if (!group) return null
  // Tracks a visitor may not read stay unpopulated ids and drop out, like those without a public file.
  const tracks = (group.tracks ?? []).flatMap((track) => {
    const readable = populated(track)
    return (readable && playableTrack(readable)) ?? []
  })
  if (tracks.length === 0) return null
  return { kind: 'album', id, title: group.title, album: { id, title: group.title }, cover: coverOf(group.cover), tracks }
}

async function loadTrack(payload: Payload, id: number, locale: Locale): Promise<EmbedContent | null> {
  const track = await payload.findByID({ collection: 'tracks', id, ...visitorRead(locale), select: TRACK_FIELDS, depth: 1, disableErrors: true })
  const playable = track ? playableTrack(track) : null
  if (!track || !playable) return null
  const { docs } = await payload.find({
    collection: 'music-groups',
    ...visitorRead(locale),
    where: { tracks: { in: [id] } },
    select: { title: true, cover: true },
    sort: '_order',
    depth: 1,
    limit: 1,
  })
  const album = docs[0] ?? null
  return {
    kind: 'track',
    id,
    title: track.title,
    album: album ? { id: album.id, title: album.title } : null,
    cover: coverOf(track.cover) ?? coverOf(album?.cover),
    tracks: [playable],
  }
}

/**
 * What an embed shows, read as an anonymous visitor (only published tracks with a public audio
 * file, only published albums; null for anything else, also an album without a playable track),
 * cached like every catalog read until one of its sources changes (a scheduled release included).
 */
export const loadEmbedContent = cachedCatalogRead(
  'embed',
  ['music-groups', ...TRACK_SOURCES],
  async (payload: Payload, kind: EmbedKind, id: number, locale: Locale): Promise<EmbedContent | null> =>
    kind === 'album' ? loadAlbum(payload, id, locale) : loadTrack(payload, id, locale),
)
