import type { Payload } from 'payload'
import type { Locale } from '@/i18n/locales'
import { cachedCatalogRead } from './cache'
import { serializeCategory } from './serialize'
import { readTracks, TRACK_SOURCES } from './tracks'
import { visitorRead } from './visitor-read'

/** Counts the category's tracks in the same query (the join field Categories.tracks) instead of loading them. */
const COUNT_TRACKS = { tracks: { count: true, limit: 1 } }

/** A category shows its cover and the number of its tracks. */
const CATEGORY_SOURCES = ['categories', 'tracks', 'media'] as const

export const listCategories = cachedCatalogRead('categories', CATEGORY_SOURCES, async (payload: Payload, locale: Locale) => {
  const { docs } = await payload.find({
    collection: 'categories',
    ...visitorRead(locale),
    joins: COUNT_TRACKS,
    sort: '_order',
    depth: 1,
    pagination: false,
  })
  return docs.map(serializeCategory)
})

export const findCategory = cachedCatalogRead('category', CATEGORY_SOURCES, async (payload: Payload, id: number, locale: Locale) => {
  const category = await payload.findByID({
    collection: 'categories',
    id,
    ...visitorRead(locale),
    joins: COUNT_TRACKS,
    depth: 1,
    disableErrors: true,
  })
  return category ? serializeCategory(category) : null
})

/** The category's tracks by title, or null when there is no such category. */
export const listCategoryTracks = cachedCatalogRead(
  'category-tracks',
  ['categories', ...TRACK_SOURCES],
  async (payload: Payload, id: number, locale: Locale) => {
    const [category, tracks] = await Promise.all([
      payload.findByID({ collection: 'categories', id, ...visitorRead(locale), select: {}, joins: false, depth: 0, disableErrors: true }),
      readTracks(payload, locale, { categories: { equals: id } }),
    ])
    return category ? tracks : null
  },
)
