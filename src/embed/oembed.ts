import type { Payload } from 'payload'
import type { Locale } from '@/i18n/locales'
import { translatorFor } from '@/i18n/translator'
import { EMBED_SIZES, type EmbedKind, isEmbedKind } from '@/rules/embed'
import { type Outcome, refuse } from '@/site/outcome'
import { ownOrigins, publicOrigin } from '@/site/public-url'
import { loadEmbedContent } from './embed-content'
import { iframeCode, naturalSize } from './embed-code'

/** Longer URLs are no page of this shop. */
const MAX_URL_LENGTH = 2000
/** A consumer's maxwidth/maxheight beyond this is no real limit. */
const MAX_DIMENSION = 10_000

export type OEmbedQuery = { url: string | null; maxwidth: string | null; maxheight: string | null }

/** oEmbed 1.0's answer of type "rich" (https://oembed.com/#section2.3). */
export type OEmbedAnswer = {
  version: '1.0'
  type: 'rich'
  title: string
  author_name: string
  author_url: string
  provider_name: string
  provider_url: string
  html: string
  width: number
  height: number
  thumbnail_url?: string
  thumbnail_width?: number
  thumbnail_height?: number
}

/** What a shop URL embeds: an album page, or an embed page of an album or a track (the track's own URL). */
export function embedTargetOf(url: URL): { kind: EmbedKind; id: number; locale: Locale } | null {
  if (!ownOrigins().includes(url.origin)) return null
  const album = /^\/music-group\/([1-9][0-9]{0,9})\/?$/.exec(url.pathname)
  if (album) return { kind: 'album', id: Number(album[1]), locale: 'de' }
  const embed = /^(\/en)?\/embed\/([a-z]+)\/([1-9][0-9]{0,9})\/?$/.exec(url.pathname)
  if (!embed || !isEmbedKind(embed[2])) return null
  return { kind: embed[2], id: Number(embed[3]), locale: embed[1] ? 'en' : 'de' }
}

function parseDimension(value: string | null, name: string): Outcome<number | null> {
  if (value === null || value === '') return { ok: true, value: null }
  if (!/^[1-9][0-9]{0,4}$/.test(value) || Number(value) > MAX_DIMENSION)
    return refuse(400, `${name} must be a whole number of pixels from 1 to ${MAX_DIMENSION}.`, { field: name })
  return { ok: true, value: Number(value) }
}

/** The largest of the offered sizes within the consumer's limits, shrunk to them when even the smallest is larger. */
function sizeWithin(natural: { width: number; height: number }, maxWidth: number | null, maxHeight: number | null) {
  const height = [natural.height, EMBED_SIZES.compact.height].find((candidate) => maxHeight === null || candidate <= maxHeight) ?? maxHeight!
  return { width: Math.min(natural.width, maxWidth ?? natural.width), height }
}

/**
 * oEmbed's answer for a URL of this shop (GET /api/oembed): the player of an album or a track, in
 * the URL's language. 400 for a missing or malformed url or limit, 404 for a URL that is no album
 * or track of this shop, or none a visitor may see (a draft, a scheduled release, a private file).
 */
export async function oembedFor(payload: Payload, query: OEmbedQuery): Promise<Outcome<OEmbedAnswer>> {
  if (!query.url) return refuse(400, 'The url parameter is required.', { field: 'url' })
  if (query.url.length > MAX_URL_LENGTH || !URL.canParse(query.url)) return refuse(400, 'url must be an absolute http(s) URL.', { field: 'url' })
  const url = new URL(query.url)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse(400, 'url must be an absolute http(s) URL.', { field: 'url' })
  const maxWidth = parseDimension(query.maxwidth, 'maxwidth')
  if (!maxWidth.ok) return maxWidth
  const maxHeight = parseDimension(query.maxheight, 'maxheight')
  if (!maxHeight.ok) return maxHeight

  const target = embedTargetOf(url)
  const content = target ? await loadEmbedContent(payload, target.kind, target.id, target.locale) : null
  if (!target || !content) return refuse(404, 'No album or track of this shop at this URL.', { field: 'url' })
  const size = sizeWithin(naturalSize(content.kind, content.tracks.length), maxWidth.value, maxHeight.value)
  const t = await translatorFor(target.locale)
  const shop = t('site.name')
  return {
    ok: true,
    value: {
      version: '1.0',
      type: 'rich',
      title: content.title,
      author_name: shop,
      author_url: publicOrigin(),
      provider_name: shop,
      provider_url: publicOrigin(),
      html: iframeCode(target.kind, target.id, target.locale, size, t('embed.frameTitle', { title: content.title, shop })),
      ...size,
      ...(content.cover && {
        thumbnail_url: publicOrigin() + content.cover.large.url,
        thumbnail_width: content.cover.large.width,
        thumbnail_height: content.cover.large.height,
      }),
    },
  }
}
