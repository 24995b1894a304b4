import { loadEmbedContent } from '@/embed/embed-content'
import { renderEmbedPage } from '@/embed/embed-page'
import { escapeHtml } from '@/http/escape-html'
import { internalError } from '@/http/answer'
import { parseDocumentId } from '@/http/document-id'
import { NONCE_HEADER } from '@/http/security-headers'
import type { Locale } from '@/i18n/locales'
import { translatorFor } from '@/i18n/translator'
import { albumPath, embedPath, isEmbedKind } from '@/rules/embed'
import { publicOrigin } from '@/site/public-url'
import { payloadClient } from '@/site/payload'

type Context = { params: Promise<{ path: string[] }> }

/**
 * An embed page is a document of its own, made for other sites' <iframe>s: never a cookie (none is
 * read, none is set), no login, no service worker, nothing that changes anything. Every visitor of
 * a language gets the same page but for the nonce, hence no-cache rather than a lifetime.
 */
const HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }

async function notFoundPage(locale: Locale, nonce: string): Promise<Response> {
  const t = await translatorFor(locale)
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>404</title>` +
    `<style nonce="${escapeHtml(nonce)}">body{font:14px system-ui,sans-serif;margin:16px;color:#55666b}</style></head>` +
    `<body><p>404 – <a href="${escapeHtml(publicOrigin())}/" target="_blank" rel="noopener">${escapeHtml(t('site.name'))}</a></p></body></html>`
  return new Response(html, { status: 404, headers: HEADERS })
}

/**
 * GET /embed/{track|album}/{id} (German) and /en/embed/… (English): the embeddable player, or 404
 * for anything a visitor may not hear. Every path below /embed/ is answered here, so none of them
 * is a storefront page (which must never be framed).
 */
export function embedRoute(locale: Locale) {
  return async (request: Request, { params }: Context): Promise<Response> => {
    const nonce = request.headers.get(NONCE_HEADER) ?? ''
    const [kind, rawId, ...rest] = (await params).path
    const id = parseDocumentId(rawId ?? '')
    if (!isEmbedKind(kind) || id === null || rest.length > 0) return notFoundPage(locale, nonce)
    try {
      const content = await loadEmbedContent(await payloadClient(), kind, id, locale)
      if (!content) return notFoundPage(locale, nonce)
      const t = await translatorFor(locale)
      const shop = t('site.name')
      const pageUrl = publicOrigin() + embedPath(kind, id, locale)
      const html = renderEmbedPage({
        content,
        locale,
        nonce,
        shopUrl: publicOrigin() + (content.album ? albumPath(content.album.id) : '/music'),
        oembedUrl: `${publicOrigin()}/api/oembed?format=json&url=${encodeURIComponent(pageUrl)}`,
        texts: {
          shop,
          listenOn: t('embed.listenOn', { shop }),
          play: t('player.play'),
          pause: t('player.pause'),
          seek: t('player.seek'),
          trackList: t('embed.trackList'),
          coverOf: t('player.coverOf', { title: content.title }),
        },
      })
      return new Response(html, { headers: HEADERS })
    } catch (error) {
      return internalError(error, `GET ${embedPath(kind, id, locale)}`)
    }
  }
}
