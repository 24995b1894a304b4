import type { Locale } from '@/i18n/locales'
import { serializeMusicGroup } from './serialize'
import { TRACK_FIELDS } from './tracks'
import { payloadClient } from '@/site/payload'
import { visitorRead } from './visitor-read'

/** Depth 2 reaches the tracks' covers and audio; `populate` trims the tracks to what the API shows. */
const WITH_TRACKS = { depth: 2, populate: { tracks: TRACK_FIELDS } } as const

export async function listMusicGroups(locale: Locale) {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'music-groups',
    ...visitorRead(locale),
    ...WITH_TRACKS,
    sort: '_order',
    pagination: false,
  })
  return docs.map(serializeMusicGroup)
}

export async function findMusicGroup(id: number, locale: Locale) {
  const payload = await payloadClient()
  const group = await payload.findByID({
    collection: 'music-groups',
    id,
    ...visitorRead(locale),
    ...WITH_TRACKS,
    disableErrors: true,
  })
  return group ? serializeMusicGroup(group) : null
}
