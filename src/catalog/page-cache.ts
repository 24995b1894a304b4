import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gunzip, gzip } from 'node:zlib'
import { catalogCacheState } from './cache-state'
import { isLocale, LANGUAGE_COOKIE, type Locale } from '../i18n/locales'
import { newNonce } from '../http/security-headers'
import { isCatalogPage } from '../site/routes'

/**
 * The rendered HTML of the catalog pages, kept by our server (scripts/serve.ts) in front of Next.
 *
 * Rendering a page through Next costs several times what its route handlers cost, even for a
 * page without any data (see README, Benchmarks), so under a crowd the pages are what a process
 * can serve least of. The catalog pages show the same HTML to every anonymous visitor of a
 * language, apart from the Content-Security-Policy nonce, which must be new in every response:
 * so the HTML is kept per page and language, and each answer gets a fresh nonce put in everywhere
 * the rendered one stood (the policy header, the script and style elements, Next's inline data).
 *
 * What may be kept, and for how long:
 *  - only the catalog pages (isCatalogPage, src/site/routes.ts), whose content comes from the cached catalog reads
 *    (src/catalog/cache.ts) and the visitor's language; only GET requests of documents (not
 *    Next's client-side navigations) by visitors without a login, for whom the header differs;
 *  - only a complete 200 HTML answer in the language of its key (checked on <html lang>), without
 *    cookies, rendered while the catalog's change feed was connected and no change arrived;
 *  - a kept page is answered only after the change feed caught up with every change committed
 *    before the request (src/catalog/change-feed.ts), like the cached catalog reads;
 *  - until the catalog changes (any change: every page is rendered anew on its next visit), or at
 *    most MAX_AGE_MS, for what a page shows that is no data (the year in the footer).
 * Visitors whose answer is not kept are served by Next exactly as before.
 */

/**
 * The query parameters a cached page reads, with the values it knows (/music's `?tab=`, see
 * src/app/(frontend)/music/page.tsx and MusicTabs, which shows the first tab for any other value).
 * Only these are part of a page's key: any other parameter (tracking tags, `?x=1` … `?x=N`) renders
 * nothing different, so it must neither cost a render nor push kept pages out of the cache.
 */
const QUERY_A_PAGE_READS: { page: RegExp; parameters: Record<string, readonly string[]> }[] = [
  { page: /^\/music\/?$/, parameters: { tab: ['albums', 'singles', 'playlists'] } },
]

const MAX_PAGES = 500
const MAX_AGE_MS = 10 * 60 * 1000
const MAX_PAGE_BYTES = 2 * 1024 * 1024

type Page = {
  /** The rendered HTML (UTF-8) cut at the nonce it was rendered with. */
  parts: Buffer[]
  headers: OutgoingHttpHeaders
  renderedAt: number
  /** The catalog's generation it was rendered from (src/catalog/cache-state.ts). */
  generation: number
}

const pages = new Map<string, Page>()
let pagesGeneration = -1
/** Renders under way, so that a crowd arriving at once waits for one render instead of making fifty. */
const rendering = new Map<string, Promise<Page | null>>()

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void

/** Wraps Next's request handler: answers catalog pages from the kept HTML, keeps what Next renders. */
export function withPageCache(handle: Handler): Handler {
  return async (req, res) => {
    const key = pageKey(req)
    if (key === null) return handle(req, res)
    // Next renders the URL of the key, so a kept page never carries a visitor's other parameters
    // (Next writes the request's query into the page's data) to everyone after them.
    req.url = key.slice(key.indexOf(' ') + 1)
    const state = catalogCacheState
    // Changes committed before this request (also by another process, just now) must be applied first.
    const caughtUp = await state.caughtUp!().then(
      () => state.live,
      () => false,
    )
    if (!caughtUp) return handle(req, res)
    if (pagesGeneration !== state.generation) {
      pages.clear()
      pagesGeneration = state.generation
    }
    const kept = pages.get(key)
    if (kept && kept.generation === state.generation && Date.now() - kept.renderedAt < MAX_AGE_MS) return sendPage(req, res, kept)
    const underway = rendering.get(key)
    if (underway) {
      const page = await underway
      return page ? sendPage(req, res, page) : handle(req, res)
    }
    const render = renderAndKeep(req, res, key, handle)
    rendering.set(key, render)
    void render.then((page) => {
      if (rendering.get(key) === render) rendering.delete(key)
      if (page) pages.set(key, page)
      if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!)
    })
  }
}

/** `locale + URL` for a request whose answer may be kept, else null. */
function pageKey(req: IncomingMessage): string | null {
  if (req.method !== 'GET' || !catalogCacheState.live || !catalogCacheState.caughtUp) return null
  const url = req.url ?? '/'
  const queryStart = url.indexOf('?')
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart)
  if (!isCatalogPage(pathname)) return null
  // Next's client-side navigations and prefetches ask for its RSC data, not the document.
  if (req.headers.rsc !== undefined || req.headers['next-router-prefetch'] !== undefined || url.includes('_rsc=')) return null
  if (req.headers.authorization !== undefined) return null
  const cookies = parseCookies(req.headers.cookie)
  // A logged-in visitor's header shows the account; anyone with a login cookie gets a fresh page.
  if ([...cookies.keys()].some((name) => name.startsWith('payload-'))) return null
  const chosen = cookies.get(LANGUAGE_COOKIE)
  const locale: Locale = isLocale(chosen) ? chosen : 'de'
  return `${locale} ${pathname}${queryThePageReads(pathname, queryStart === -1 ? '' : url.slice(queryStart + 1))}`
}

/** The part of a query string that changes what the page at `pathname` shows ("?tab=singles"), else ''. */
function queryThePageReads(pathname: string, query: string): string {
  const reads = QUERY_A_PAGE_READS.find(({ page }) => page.test(pathname))?.parameters
  if (!reads || !query) return ''
  const given = new URLSearchParams(query)
  const kept = new URLSearchParams()
  for (const [name, values] of Object.entries(reads)) {
    // A value the page does not know (or a repeated parameter, which Next hands over as a list)
    // shows like none at all.
    const [value, ...more] = given.getAll(name)
    if (value !== undefined && more.length === 0 && values.includes(value)) kept.set(name, value)
  }
  const text = kept.toString()
  return text ? `?${text}` : ''
}

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of header?.split(';') ?? []) {
    const separator = part.indexOf('=')
    if (separator > 0) cookies.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim())
  }
  return cookies
}

/** Lets Next render the page for this visitor and returns it for keeping, or null when it may not be kept. */
function renderAndKeep(req: IncomingMessage, res: ServerResponse, key: string, handle: Handler): Promise<Page | null> {
  const generation = catalogCacheState.generation
  // The visitor who makes the render gets it compressed as it streams, like everyone after them
  // (on a quiet shop most visits are renders: a kept page lasts MAX_AGE_MS). Next compresses with
  // gzip only; the page is kept uncompressed, unpacked from what Next sends, so that its nonce can be found.
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) req.headers['accept-encoding'] = 'gzip'
  else delete req.headers['accept-encoding']
  const chunks: Buffer[] = []
  let bytes = 0
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || bytes > MAX_PAGE_BYTES) return
    const buffer =
      typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array)
    bytes += buffer.length
    chunks.push(buffer)
  }
  const write = res.write
  const end = res.end
  res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    keep(chunk, encoding)
    return write.call(this, chunk, encoding as BufferEncoding, callback as () => void)
  } as ServerResponse['write']
  res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    keep(chunk, encoding)
    return end.call(this, chunk, encoding as BufferEncoding, callback as () => void)
  } as ServerResponse['end']

  return new Promise((resolve) => {
    res.on('close', () => {
      if (!res.writableFinished || bytes > MAX_PAGE_BYTES) return resolve(null)
      const sent = Buffer.concat(chunks)
      const html = res.getHeader('content-encoding') === 'gzip' ? unpack(sent) : Promise.resolve(sent)
      void html.then(
        (page) => {
          const state = catalogCacheState
          if (state.generation !== generation || !state.live || page.length > MAX_PAGE_BYTES) return resolve(null)
          resolve(pageToKeep(res, page, key.slice(0, key.indexOf(' ')), generation))
        },
        () => resolve(null),
      )
    })
    Promise.resolve()
      .then(() => handle(req, res))
      .catch(() => resolve(null))
  })
}

function pageToKeep(res: ServerResponse, html: Buffer, locale: string, generation: number): Page | null {
  const headers = res.getHeaders()
  const policy = headers['content-security-policy']
  const nonce = typeof policy === 'string' ? /'nonce-([^']+)'/.exec(policy)?.[1] : undefined
  const keepable =
    res.statusCode === 200 &&
    nonce !== undefined &&
    headers['set-cookie'] === undefined &&
    String(headers['content-type']).startsWith('text/html') &&
    html.includes(`<html lang="${locale}"`)
  if (!keepable) return null
  // Each answer of a kept page is compressed anew (sendPage).
  for (const name of ['content-encoding', 'content-length', 'transfer-encoding', 'date', 'connection', 'keep-alive']) delete headers[name]
  return { parts: splitAt(html, Buffer.from(nonce)), headers, renderedAt: Date.now(), generation }
}

function splitAt(buffer: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = []
  let start = 0
  for (let found = buffer.indexOf(separator); found !== -1; found = buffer.indexOf(separator, start)) {
    parts.push(buffer.subarray(start, found))
    start = found + separator.length
  }
  parts.push(buffer.subarray(start))
  return parts
}

const compress = { br: promisify(brotliCompress), gzip: promisify(gzip) }
const unpack = promisify(gunzip)

/** Answers with a kept page and a new nonce, compressed as the browser accepts it. */
async function sendPage(req: IncomingMessage, res: ServerResponse, page: Page): Promise<void> {
  const nonce = newNonce()
  const nonceBytes = Buffer.from(nonce)
  const html = Buffer.concat(page.parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])))
  const accepted = String(req.headers['accept-encoding'] ?? '')
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null
  const body =
    encoding === 'br'
      ? await compress.br(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } })
      : encoding === 'gzip'
        ? await compress.gzip(html)
        : html
  const headers: OutgoingHttpHeaders = {
    ...page.headers,
    'content-security-policy': String(page.headers['content-security-policy']).replace(/'nonce-[^']+'/g, `'nonce-${nonce}'`),
    'content-length': body.length,
  }
  if (encoding) headers['content-encoding'] = encoding
  res.writeHead(200, headers)
  res.end(body)
}
