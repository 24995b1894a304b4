import type { Payload, TypedUser } from 'payload'
import type { Locale } from '@/i18n/locales'
import { cachedCatalogRead } from './cache'
import { serializeNews } from './serialize'
import { visitorRead } from './visitor-read'

/** Depth 1 populates the article's image and the images placed in its text. */
const NEWS_DEPTH = 1

const NEWS_SOURCES = ['news', 'media'] as const

/** Newest first. */
export const listNews = cachedCatalogRead('news', NEWS_SOURCES, async (payload: Payload, locale: Locale) => {
  const { docs } = await payload.find({
    collection: 'news',
    ...visitorRead(locale),
    sort: '-date',
    depth: NEWS_DEPTH,
    pagination: false,
  })
  return docs.map(serializeNews)
})

export const findNews = cachedCatalogRead('news-item', NEWS_SOURCES, async (payload: Payload, id: number, locale: Locale) => {
  const news = await payload.findByID({ collection: 'news', id, ...visitorRead(locale), depth: NEWS_DEPTH, disableErrors: true })
  return news ? serializeNews(news) : null
})

/** The seller's preview (src/auth/previewing-seller.ts): the article's newest draft, read with her account, never cached. */
export async function previewNews(payload: Payload, id: number, locale: Locale, seller: TypedUser) {
  const news = await payload.findByID({
    collection: 'news',
    id,
    locale,
    overrideAccess: false,
    user: seller,
    draft: true,
    depth: NEWS_DEPTH,
    disableErrors: true,
  })
  return news ? serializeNews(news) : null
}
