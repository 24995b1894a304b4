import type { Payload, PayloadRequest, TypedUser, Where } from 'payload'
import type { Audio, LibraryItem, Media, MusicGroup, Track } from '../../payload-types'
import type { Locale } from '@/i18n/locales'
import { masterFormatOf } from '@/downloads/formats'
import type { LibrarySource } from '@/purchases/status'
import { SALE_FORMATS, type SaleFormat } from '@/rules/catalog-sale'
import { idOf } from '@/site/relation-id'

/**
 * The rows of a customer's music that still give a right: not revoked, and a bought one only while
 * its purchase is paid (an unpaid or refunded purchase downloads nothing). One home for the rule:
 * the "My music" page, the player's access to owned tracks and the download route's check agree.
 */
export const rightfulLibraryRows = (customerId: number | string): Where => ({
  and: [
    { customer: { equals: customerId } },
    { revoked_at: { exists: false } },
    { or: [{ source: { not_equals: 'purchase' } }, { 'purchase.status': { equals: 'paid' } }] },
  ],
})

/** An album or track in "My music": what it is, where it came from, and the library row that gives each format. */
export type OwnedMusic = {
  kind: 'music-group' | 'track'
  id: number
  title: string
  form: MusicGroup['form'] | null
  cover: { url: string; alt: string } | null
  source: LibrarySource
  grantedAt: string
  /** Each format offered, with the row (the right) a download link names. */
  formats: { format: SaleFormat; libraryItem: number }[]
  /** An album's tracks in playing order, each downloadable on its own. */
  tracks: { id: number; title: string }[]
}

const populated = <T extends object>(value: number | T | null | undefined): T | null => (value && typeof value === 'object' ? value : null)

const isLossless = (track: number | Track): boolean => {
  const audio = populated(populated(track)?.audio as number | Audio | undefined)
  return Boolean(audio?.filename && masterFormatOf(audio.filename).lossless)
}

/**
 * Every album and track the customer owns, newest first, one entry per album or track (a second
 * purchase or code of the same adds its formats). Read as the customer (the library's access);
 * the music itself beyond the catalog's access, since what one owns stays one's own when the
 * catalog takes it off.
 */
export async function listOwnMusic(payload: Payload, user: TypedUser, locale: Locale): Promise<OwnedMusic[]> {
  const { docs: rows } = await payload.find({
    collection: 'library-items',
    where: rightfulLibraryRows(user.id),
    sort: '-granted_at',
    depth: 0,
    pagination: false,
    user,
    overrideAccess: false,
  })
  const groupIds = [...new Set(rows.flatMap((row) => (row.kind === 'music-group' && idOf(row.music_group)) || []))]
  const trackIds = [...new Set(rows.flatMap((row) => (row.kind === 'track' && idOf(row.track)) || []))]
  const read = { depth: 2, locale, pagination: false, overrideAccess: true } as const
  const [groups, tracks] = await Promise.all([
    groupIds.length ? payload.find({ collection: 'music-groups', where: { id: { in: groupIds } }, ...read }) : { docs: [] as MusicGroup[] },
    trackIds.length ? payload.find({ collection: 'tracks', where: { id: { in: trackIds } }, ...read }) : { docs: [] as Track[] },
  ])
  const groupById = new Map(groups.docs.map((group) => [group.id, group]))
  const trackById = new Map(tracks.docs.map((track) => [track.id, track]))

  const entries = new Map<string, OwnedMusic>()
  for (const row of rows) {
    const music = row.kind === 'music-group' ? groupById.get(idOf(row.music_group) ?? 0) : trackById.get(idOf(row.track) ?? 0)
    if (!music) continue
    const key = `${row.kind}:${music.id}`
    const entry = entries.get(key) ?? newEntry(row, music)
    entries.set(key, entry)
    const lossless = row.kind === 'music-group' ? ((music as MusicGroup).tracks ?? []).every(isLossless) : isLossless(music as Track)
    for (const format of row.formats?.length ? row.formats : (['mp3'] as SaleFormat[])) {
      if (format === 'flac' && !lossless) continue
      if (!entry.formats.some((offered) => offered.format === format)) entry.formats.push({ format, libraryItem: row.id })
    }
  }
  for (const entry of entries.values()) entry.formats.sort((a, b) => SALE_FORMATS.indexOf(a.format) - SALE_FORMATS.indexOf(b.format))
  return [...entries.values()]
}

function newEntry(row: LibraryItem, music: MusicGroup | Track): OwnedMusic {
  const cover = populated(music.cover as number | Media | null | undefined)
  const url = cover?.sizes?.thumbnail?.url ?? cover?.url
  return {
    kind: row.kind,
    id: music.id,
    title: music.title,
    form: row.kind === 'music-group' ? (music as MusicGroup).form : null,
    cover: url ? { url, alt: cover?.alt ?? '' } : null,
    source: row.source,
    grantedAt: row.granted_at,
    formats: [],
    tracks:
      row.kind === 'music-group'
        ? ((music as MusicGroup).tracks ?? []).flatMap((track) => (typeof track === 'object' && track ? [{ id: track.id, title: track.title }] : []))
        : [],
  }
}

/**
 * The audio files of the tracks a customer owns (bought alone or with an album, redeemed, taken
 * for free), for the player's access to them when the catalog does not show them
 * (collections/access/publicOrOwnAudio.ts).
 */
export async function ownedAudioIds(payload: Payload, customerId: number | string, req?: PayloadRequest): Promise<number[]> {
  const { docs: rows } = await payload.find({
    collection: 'library-items',
    where: rightfulLibraryRows(customerId),
    select: { kind: true, music_group: true, track: true },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  if (rows.length === 0) return []
  const groupIds = rows.flatMap((row) => (row.kind === 'music-group' && idOf(row.music_group)) || [])
  const groups = groupIds.length
    ? (await payload.find({ collection: 'music-groups', where: { id: { in: groupIds } }, select: { tracks: true }, depth: 0, pagination: false, req })).docs
    : []
  const trackIds = [
    ...rows.flatMap((row) => (row.kind === 'track' && idOf(row.track)) || []),
    ...groups.flatMap((group) => (group.tracks ?? []).map((track) => idOf(track))),
  ]
  if (trackIds.length === 0) return []
  const { docs: tracks } = await payload.find({
    collection: 'tracks',
    where: { id: { in: [...new Set(trackIds)] } },
    select: { audio: true },
    depth: 0,
    pagination: false,
    req,
  })
  return tracks.flatMap((track) => idOf(track.audio as number | Audio | null) ?? [])
}
