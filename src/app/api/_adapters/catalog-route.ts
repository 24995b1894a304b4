import { createHash } from 'node:crypto'
import type { Payload } from 'payload'
import type { Locale } from '@/i18n/locales'
import { contentLocale } from '@/http/content-locale'
import { parseDocumentId } from '@/http/document-id'
import { internalError, notFound } from '@/http/answer'
import { payloadClient } from '@/site/payload'
import { ifNoneMatchHolds } from '@/http/etag'

/**
 * Catalog answers are the same for every visitor of a language, so shared caches may store them,
 * but browsers and CDNs ask again every time (a 304 when nothing changed): an edit in the admin
 * shows at once, never after a cache lifetime.
 */
const CATALOG_CACHE_CONTROL = 'public, no-cache'

type Body = { json: string; etag: string }

/**
 * The JSON text and ETag of each answer, made once per data object: cached catalog reads hand
 * out the same frozen object until the data changes (src/catalog/cache.ts), so a repeated call
 * costs no serialization. Entries go with their data object.
 */
const bodies = new WeakMap<object, Body>()

function bodyOf(data: object): Body {
  let body = bodies.get(data)
  if (!body) {
    const json = JSON.stringify(data)
    body = { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` }
    bodies.set(data, body)
  }
  return body
}

type IdRouteContext = { params: Promise<{ id: string }> }

/** GET handler for a public list: `load(payload, locale)` gives the JSON array. */
export function catalogListRoute(load: (payload: Payload, locale: Locale) => Promise<readonly object[]>) {
  return (request: Request): Promise<Response> => catalogAnswer(request, load)
}

/** GET handler for one public document by numeric id: `load(payload, id, locale)` gives its JSON, or null (404). */
export function catalogItemRoute(load: (payload: Payload, id: number, locale: Locale) => Promise<object | null>) {
  return async (request: Request, { params }: IdRouteContext): Promise<Response> => {
    const id = parseDocumentId((await params).id)
    return catalogAnswer(request, async (payload, locale) => (id === null ? null : load(payload, id, locale)))
  }
}

async function catalogAnswer(request: Request, load: (payload: Payload, locale: Locale) => Promise<object | null>): Promise<Response> {
  const locale = contentLocale(request)
  try {
    const data = await load(await payloadClient(), locale)
    if (data === null) return notFound()
    const { json, etag } = bodyOf(data)
    const headers = {
      'Content-Language': locale,
      // ?locale= is part of the URL already; the header choice must split caches too.
      Vary: 'Accept-Language',
      'Cache-Control': CATALOG_CACHE_CONTROL,
      ETag: etag,
    }
    if (ifNoneMatchHolds(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
    return new Response(json, { headers: { ...headers, 'Content-Type': 'application/json' } })
  } catch (error) {
    return internalError(error, `GET ${new URL(request.url).pathname}`)
  }
}
