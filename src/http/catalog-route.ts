import type { Locale } from '@/i18n/locales'
import { contentLocale } from './content-locale'
import { parseDocumentId } from './document-id'
import { internalError, notFound } from './json-error'

/**
 * Catalog answers are the same for every visitor of a language, so a CDN may keep them briefly;
 * browsers revalidate every time so that an edit in the admin shows up at once on reload.
 */
const CATALOG_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'

type IdRouteContext = { params: Promise<{ id: string }> }

/** GET handler for a public list: `load(locale)` gives the JSON array. */
export function catalogListRoute(load: (locale: Locale) => Promise<unknown[]>) {
  return (request: Request): Promise<Response> => answer(request, load)
}

/** GET handler for one public document by numeric id: `load(id, locale)` gives its JSON, or null (404). */
export function catalogItemRoute(load: (id: number, locale: Locale) => Promise<unknown | null>) {
  return async (request: Request, { params }: IdRouteContext): Promise<Response> => {
    const id = parseDocumentId((await params).id)
    return answer(request, async (locale) => (id === null ? null : load(id, locale)))
  }
}

async function answer(request: Request, load: (locale: Locale) => Promise<unknown | null>): Promise<Response> {
  const locale = contentLocale(request)
  try {
    const data = await load(locale)
    if (data === null) return notFound()
    return Response.json(data, {
      headers: {
        'Content-Language': locale,
        // ?locale= is part of the URL already; the header choice must split caches too.
        Vary: 'Accept-Language',
        'Cache-Control': CATALOG_CACHE_CONTROL,
      },
    })
  } catch (error) {
    return internalError(error, `GET ${new URL(request.url).pathname}`)
  }
}
