import { Feed } from 'feed'
import type { Payload } from 'payload'
import type { Audio, Media, Track } from '../../payload-types'
import { cachedCatalogRead } from '@/catalog/cache'
import { siteSettings } from '@/catalog/settings'
import { visitorRead } from '@/catalog/visitor-read'
import type { Locale } from '@/i18n/locales'
import { translatorFor } from '@/i18n/translator'
import { albumPath } from '@/rules/embed'
import { publicOrigin } from '@/site/public-url'
import { podcastPath } from './feed-paths'

const populated = <T extends object>(value: number | T | null | undefined): T | null => (value && typeof value === 'object' ? value : null)

/** An attribute's value for the itunes tags feed writes from `extensions`: feed escapes its quotes, not `&` and `<`. */
const attributeValue = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;')

const coverUrl = (upload: number | Media | null | undefined): string | null => {
  const media = populated(upload)
  // Podcast apps ask for a square picture; the card size is one (480 px), the original the fallback.
  const url = media?.sizes?.card?.url ?? media?.url
  return url ? publicOrigin() + url : null
}

/**
 * The podcast RSS feed of an album the seller offers as a podcast (its `podcast` switch): one
 * episode per public track in the album's order, each with its audio file as enclosure (length in
 * bytes, MIME type), itunes:duration, itunes:image, description, author and explicit false. null
 * (404) for an album that is not published, not switched on or has no playable track. Read as an
 * anonymous visitor and cached until one of its sources changes, like every catalog read.
 */
export const podcastFeed = cachedCatalogRead(
  'podcast-feed',
  ['music-groups', 'tracks', 'audio', 'media', 'settings'],
  async (payload: Payload, albumId: number, locale: Locale): Promise<string | null> => {
    const group = await payload.findByID({
      collection: 'music-groups',
      id: albumId,
      ...visitorRead(locale),
      depth: 2,
      populate: { tracks: { title: true, cover: true, audio: true, updatedAt: true, createdAt: true } },
      disableErrors: true,
    })
    if (!group?.podcast) return null
    const tracks = (group.tracks ?? [])
      .map((track) => populated<Track>(track))
      .flatMap((track) => {
        const audio = populated<Audio>(track?.audio)
        return track && audio?.url && audio.filesize && audio.mimeType ? [{ track, audio }] : []
      })
    if (tracks.length === 0) return null

    const t = await translatorFor(locale)
    const settings = await siteSettings(payload)
    const shop = t('site.name')
    const link = publicOrigin() + albumPath(group.id)
    const cover = coverUrl(group.cover)
    const description = group.description || t('feeds.subtitle', { shop })
    const feed = new Feed({
      id: link,
      title: t('feeds.podcastTitle', { title: group.title, shop }),
      description,
      link,
      language: locale,
      generator: false,
      podcast: true,
      feedLinks: { rss: publicOrigin() + podcastPath(group.id, locale) },
      author: { name: shop, email: settings.email },
      copyright: `© ${new Date(group.release_date ?? group.createdAt).getFullYear()} ${settings.trader_name}`,
      ...(cover && { image: cover }),
    })
    if (cover) feed.addExtension({ name: 'itunes:image', objects: { _attributes: { href: attributeValue(cover) } } })
    feed.addExtension({ name: 'itunes:category', objects: { _attributes: { text: 'Music' } } })
    feed.addExtension({ name: 'itunes:explicit', objects: { _text: 'false' } })
    feed.addExtension({ name: 'itunes:type', objects: { _text: 'serial' } })
    feed.addExtension({ name: 'itunes:summary', objects: { _text: description } })

    // Episodes are dated one second apart in the album's order, so that apps that sort by date keep it.
    const releasedAt = new Date(group.release_date ?? group.createdAt).getTime()
    tracks.forEach(({ track, audio }, index) => {
      const episodeCover = coverUrl(track.cover) ?? cover
      feed.addItem({
        title: track.title,
        id: `${link}#track-${track.id}`,
        link,
        date: new Date(releasedAt + index * 1000),
        description: t('feeds.episode', { number: index + 1, count: tracks.length, album: group.title, shop }),
        audio: { url: publicOrigin() + audio.url, length: audio.filesize!, type: audio.mimeType!, duration: Math.max(1, Math.round(audio.duration ?? 0)) },
        extensions: [
          { name: 'itunes:author', objects: { _text: shop } },
          { name: 'itunes:episode', objects: { _text: String(index + 1) } },
          { name: 'itunes:explicit', objects: { _text: 'false' } },
          ...(episodeCover ? [{ name: 'itunes:image', objects: { _attributes: { href: attributeValue(episodeCover) } } }] : []),
        ],
      })
    })
    return feed.rss2()
  },
)
