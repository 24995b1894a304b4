import type { Payload, Where } from 'payload'
import type { Locale } from '@/i18n/locales'
import { cachedCatalogRead } from './cache'
import { serializeTrack } from './serialize'
import { visitorRead } from './visitor-read'

/** The fields of a track the API shows; keeps Payload from populating its categories too. */
export const TRACK_FIELDS = { title: true, cover: true, audio: true, sale: true } as const

/** What a track shows: its own fields, its cover and its audio file (title, duration). */
export const TRACK_SOURCES = ['tracks', 'media', 'audio'] as const

/** Tracks by title, all of them or those matching `where`; depth 1 populates cover and audio. */
export async function readTracks(payload: Payload, locale: Locale, where?: Where) {
  const { docs } = await payload.find({
    collection: 'tracks',
    ...visitorRead(locale),
    where,
    select: TRACK_FIELDS,
    sort: 'title',
    depth: 1,
    pagination: false,
  })
  return docs.map(serializeTrack)
}

/** Every track by title. */
export const listTracks = cachedCatalogRead('tracks', TRACK_SOURCES, (payload: Payload, locale: Locale) => readTracks(payload, locale))
