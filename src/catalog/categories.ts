import type { Locale } from '@/i18n/locales'
import { serializeCategory } from './serialize'
import { listTracks } from './tracks'
import { payloadClient } from '@/site/payload'
import { visitorRead } from './visitor-read'

/** Counts the category's tracks in the same query (the join field Categories.tracks) instead of loading them. */
const COUNT_TRACKS = { tracks: { count: true, limit: 1 } }

export async function listCategories(locale: Locale) {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'categories',
    ...visitorRead(locale),
    joins: COUNT_TRACKS,
    sort: '_order',
    depth: 1,
    pagination: false,
  })
  return docs.map(serializeCategory)
}

export async function findCategory(id: number, locale: Locale) {
  const payload = await payloadClient()
  const category = await payload.findByID({
    collection: 'categories',
    id,
    ...visitorRead(locale),
    joins: COUNT_TRACKS,
    depth: 1,
    disableErrors: true,
  })
  return category ? serializeCategory(category) : null
}

/** The category's tracks by title, or null when there is no such category. */
export async function listCategoryTracks(id: number, locale: Locale) {
  const payload = await payloadClient()
  const [category, tracks] = await Promise.all([
    payload.findByID({ collection: 'categories', id, ...visitorRead(locale), select: {}, joins: false, depth: 0, disableErrors: true }),
    listTracks(locale, { categories: { equals: id } }),
  ])
  return category ? tracks : null
}
