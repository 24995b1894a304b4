import { escapeHtml } from '@/http/escape-html'
import type { Locale } from '@/i18n/locales'
import { EMBED_SIZES, type EmbedKind, embedPath } from '@/rules/embed'
import { publicOrigin } from '@/site/public-url'

/** The absolute URL of an embed page. */
export const embedUrl = (kind: EmbedKind, id: number, locale: Locale): string => publicOrigin() + embedPath(kind, id, locale)

/**
 * The <iframe> code for another site: the album page's "Embed" box and oEmbed's `html`. It takes
 * the site's width up to `width` (a phone's column too), sends no referrer and is loaded lazily.
 */
export function iframeCode(kind: EmbedKind, id: number, locale: Locale, size: { width: number; height: number }, title: string): string {
  return (
    `<iframe src="${escapeHtml(embedUrl(kind, id, locale))}" width="${size.width}" height="${size.height}" ` +
    `style="border:0;width:100%;max-width:${size.width}px" title="${escapeHtml(title)}" loading="lazy" referrerpolicy="no-referrer"></iframe>`
  )
}

/** The size an embed of `kind` shows in: an album with several tracks with its list, else the player alone. */
export const naturalSize = (kind: EmbedKind, trackCount: number) => (kind === 'album' && trackCount > 1 ? EMBED_SIZES.withTracks : EMBED_SIZES.compact)
