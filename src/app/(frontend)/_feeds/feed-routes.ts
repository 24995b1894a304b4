import { createHash } from 'node:crypto'
import { newsFeed } from '@/feeds/news-feed'
import { podcastFeed } from '@/feeds/podcast-feed'
import { internalError } from '@/http/answer'
import { parseDocumentId } from '@/http/document-id'
import { ifNoneMatchHolds } from '@/http/etag'
import type { Locale } from '@/i18n/locales'
import { payloadClient } from '@/site/payload'

/**
 * A feed is the same for every reader of a language and changes with the catalog (a release at its
 * scheduled time included: the feeds are cached catalog reads, dropped at every change). Readers
 * and caches ask every time (no-cache) and get a 304 while nothing changed: never a feed that is
 * stale past a release.
 */
function xmlAnswer(request: Request, xml: string, contentType: string): Response {
  const etag = `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`
  const headers = { 'Content-Type': `${contentType}; charset=utf-8`, 'Cache-Control': 'public, no-cache', ETag: etag }
  if (ifNoneMatchHolds(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  return new Response(xml, { headers })
}

const notFound = () => new Response('Not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

/** GET /feed.xml, /en/feed.xml: the Atom feed of news and new releases (src/feeds/news-feed.ts). */
export function newsFeedRoute(locale: Locale) {
  return async (request: Request): Promise<Response> => {
    try {
      return xmlAnswer(request, await newsFeed(await payloadClient(), locale), 'application/atom+xml')
    } catch (error) {
      return internalError(error, 'GET /feed.xml')
    }
  }
}

/** GET /music-group/{id}/podcast.xml (and /en/…): an album's podcast RSS feed where the seller switched it on, else 404 (src/feeds/podcast-feed.ts). */
export function podcastFeedRoute(locale: Locale) {
  return async (request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> => {
    const id = parseDocumentId((await params).id)
    if (id === null) return notFound()
    try {
      const xml = await podcastFeed(await payloadClient(), id, locale)
      return xml === null ? notFound() : xmlAnswer(request, xml, 'application/rss+xml')
    } catch (error) {
      return internalError(error, 'GET /music-group/…/podcast.xml')
    }
  }
}
