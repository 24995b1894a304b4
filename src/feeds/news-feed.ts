import { Feed } from 'feed'
import type { Payload } from 'payload'
import type { Media } from '../../payload-types'
import { cachedCatalogRead } from '@/catalog/cache'
import { listNews } from '@/catalog/news'
import { visitorRead } from '@/catalog/visitor-read'
import type { Locale } from '@/i18n/locales'
import { translatorFor } from '@/i18n/translator'
import { albumPath } from '@/rules/embed'
import { publicOrigin } from '@/site/public-url'
import { feedPath } from './feed-paths'

/** The newest news and the newest releases, each: a feed reader keeps what it has seen. */
const ENTRIES_OF_EACH = 20

type Entry = { title: string; link: string; updated: Date; published: Date; summary?: string; content?: string; image?: string }

const imageUrl = (upload: number | Media | null | undefined): string | undefined => {
  const url = upload && typeof upload === 'object' ? (upload.sizes?.card?.url ?? upload.url) : null
  return url ? publicOrigin() + url : undefined
}

/** Published albums, singles and playlists, newest release first (the release date, else the day they were made). */
async function releases(payload: Payload, locale: Locale): Promise<Entry[]> {
  const t = await translatorFor(locale)
  const { docs } = await payload.find({
    collection: 'music-groups',
    ...visitorRead(locale),
    select: { title: true, form: true, description: true, release_date: true, cover: true, tracks: true, createdAt: true, updatedAt: true },
    sort: '-createdAt',
    depth: 1,
    populate: { tracks: { title: true } },
    limit: 100,
  })
  return docs
    .map((group) => {
      const published = new Date(group.release_date ?? group.createdAt)
      const tracks = (group.tracks ?? []).filter((track) => typeof track === 'object')
      return {
        title: t('feeds.release', { title: group.title }),
        link: publicOrigin() + albumPath(group.id),
        published,
        updated: new Date(group.updatedAt),
        summary: [t(`music.${group.form}`), t('music.tracks', { count: tracks.length }), group.description].filter(Boolean).join(' · '),
        image: imageUrl(group.cover),
      }
    })
    .sort((a, b) => b.published.getTime() - a.published.getTime())
    .slice(0, ENTRIES_OF_EACH)
}

async function news(payload: Payload, locale: Locale): Promise<Entry[]> {
  return (await listNews(payload, locale)).slice(0, ENTRIES_OF_EACH).map((item) => ({
    title: item.title,
    link: `${publicOrigin()}/news/${item.id}`,
    published: new Date(item.date),
    updated: new Date(item.date),
    content: item.html_content,
    image: item.image ? publicOrigin() + item.image : undefined,
  }))
}

/**
 * The Atom feed of news and new releases in one language (/feed.xml, /en/feed.xml). Only what a
 * visitor sees: read as an anonymous visitor, so drafts and releases scheduled for later stay out
 * until Payload publishes them; cached like every catalog read until one of its sources changes.
 */
export const newsFeed = cachedCatalogRead('atom-feed', ['news', 'music-groups', 'tracks', 'media'], async (payload: Payload, locale: Locale) => {
  const t = await translatorFor(locale)
  const shop = t('site.name')
  const entries = [...(await news(payload, locale)), ...(await releases(payload, locale))].sort((a, b) => b.published.getTime() - a.published.getTime())
  const self = publicOrigin() + feedPath(locale)
  const feed = new Feed({
    id: self,
    title: t('feeds.title', { shop }),
    description: t('feeds.subtitle', { shop }),
    link: `${publicOrigin()}/`,
    language: locale,
    updated: entries.reduce((newest, entry) => (entry.updated > newest ? entry.updated : newest), new Date(0)),
    generator: false,
    feedLinks: { atom: self },
    author: { name: shop, link: `${publicOrigin()}/` },
    favicon: `${publicOrigin()}/favicon.ico`,
  })
  for (const entry of entries) {
    feed.addItem({
      title: entry.title,
      id: entry.link,
      link: entry.link,
      date: entry.updated,
      published: entry.published,
      description: entry.summary,
      content: entry.content,
      ...(entry.image && { image: { url: entry.image } }),
    })
  }
  return feed.atom1()
})
