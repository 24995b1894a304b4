import type { Payload, TypedUser } from 'payload'
import type { Locale } from '@/i18n/locales'
import { cachedCatalogRead } from './cache'
import { serializeMusicGroup } from './serialize'
import { TRACK_FIELDS, TRACK_SOURCES } from './tracks'
import { visitorRead } from './visitor-read'

/** Depth 2 reaches the tracks' covers and audio; `populate` trims the tracks to what the API shows. */
const WITH_TRACKS = { depth: 2, populate: { tracks: TRACK_FIELDS } } as const

const MUSIC_GROUP_SOURCES = ['music-groups', ...TRACK_SOURCES] as const

export const listMusicGroups = cachedCatalogRead('music-groups', MUSIC_GROUP_SOURCES, async (payload: Payload, locale: Locale) => {
  const { docs } = await payload.find({
    collection: 'music-groups',
    ...visitorRead(locale),
    ...WITH_TRACKS,
    sort: '_order',
    pagination: false,
  })
  return docs.map(serializeMusicGroup)
})

export const findMusicGroup = cachedCatalogRead('music-group', MUSIC_GROUP_SOURCES, async (payload: Payload, id: number, locale: Locale) => {
  const group = await payload.findByID({
    collection: 'music-groups',
    id,
    ...visitorRead(locale),
    ...WITH_TRACKS,
    disableErrors: true,
  })
  return group ? serializeMusicGroup(group) : null
})

/** The seller's preview (src/auth/previewing-seller.ts): the newest draft of the group and its tracks, read with her account, never cached. */
export async function previewMusicGroup(payload: Payload, id: number, locale: Locale, seller: TypedUser) {
  const group = await payload.findByID({
    collection: 'music-groups',
    id,
    locale,
    overrideAccess: false,
    user: seller,
    draft: true,
    ...WITH_TRACKS,
    disableErrors: true,
  })
  return group ? serializeMusicGroup(group) : null
}
