import { randomBytes } from 'node:crypto'
import { createServer, get as httpGet, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, createGzip, gunzipSync } from 'node:zlib'
import { catalogCacheState } from '../../src/catalog/cache-state'
import { withPageCache } from '../../src/catalog/page-cache'

/**
 * The page cache in front of Next (src/catalog/page-cache.ts) keeps a bounded number of pages. If
 * every query string made its own entry, `/?x=1` … `/?x=N` would fill it and push the home page
 * out, and each of them would cost a full render. Only the query parameters a cached page reads
 * (/music's `tab`, with the values it knows) make a page of their own; others are not part of the key.
 *
 * The cache is driven here in-process, as scripts/serve.ts drives it, in front of a stand-in for
 * Next that counts its renders (a render is what the cache exists to save).
 */

const renders: string[] = []

/**
 * Next's stand-in: a complete, keepable German page (nonce in the policy and in the HTML), streamed
 * in two parts and, for a browser that accepts it, compressed with gzip as it streams, as Next does.
 */
function fakeNext(req: IncomingMessage, res: ServerResponse): void {
  renders.push(req.url ?? '')
  const nonce = randomBytes(12).toString('base64url')
  // Headers set one by one, as Next does (the cache reads them back with getHeaders()).
  res.setHeader('content-type', 'text/html; charset=utf-8')
  res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`)
  res.statusCode = 200
  const head = `<!DOCTYPE html><html lang="de"><body><script nonce="${nonce}"></script>`
  const rest = `<p>render ${renders.length} of ${req.url}</p></body></html>`
  if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    res.write(head)
    return void res.end(rest)
  }
  res.setHeader('content-encoding', 'gzip')
  const gzip = createGzip()
  gzip.on('data', (chunk: Buffer) => res.write(chunk))
  gzip.on('end', () => res.end())
  gzip.write(head)
  gzip.flush(() => {
    gzip.write(rest)
    gzip.end()
  })
}

let server: Server
let base: string

beforeAll(async () => {
  // The catalog's change feed as the running shop has it: connected and caught up.
  catalogCacheState.live = true
  catalogCacheState.caughtUp = async () => {}
  server = createServer(withPageCache(fakeNext))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  catalogCacheState.live = false
})

const get = async (path: string) => {
  const response = await fetch(base + path)
  expect(response.status).toBe(200)
  return response.text()
}

describe('the page cache key ignores query parameters no page reads', () => {
  it('keeps the home page once and answers it again without a render', async () => {
    await get('/')
    await get('/')
    expect(renders.filter((url) => url === '/')).toHaveLength(1)
  })

  it('renders nothing new for hundreds of random query strings, and the home page stays kept', async () => {
    const before = renders.length
    for (let i = 0; i < 520; i++) await get(`/?x=${i}&utm_source=${randomBytes(3).toString('hex')}`)
    expect(renders.length - before).toBe(0)
    await get('/')
    expect(renders.length - before).toBe(0)
  })

  it('has Next render the URL of the key: a kept page never carries another visitor’s parameters', async () => {
    catalogCacheState.generation += 1 // a catalog change: every page is rendered anew
    const marker = `evil-${randomBytes(3).toString('hex')}`
    const first = await get(`/?q=${marker}`)
    expect(renders.at(-1)).toBe('/')
    expect(first).not.toContain(marker)
    expect(await get('/')).not.toContain(marker)
  })

  it('keeps /music per tab the page shows, and folds unknown parameters and unknown tabs into the known keys', async () => {
    const before = renders.length
    await get('/music?tab=singles')
    await get('/music?tab=playlists')
    await get('/music')
    expect(renders.length - before).toBe(3)
    await get('/music?tab=singles&fbclid=abc')
    await get('/music?fbclid=abc&tab=playlists')
    await get('/music?tab=bogus-' + randomBytes(3).toString('hex'))
    await get('/music/?ref=x')
    expect(renders.length - before).toBe(4) // only "/music/" (a path of its own) is new
  })
})

/** A raw GET (fetch would unpack the body and hide how it came). */
function rawGet(path: string, acceptEncoding?: string): Promise<{ encoding: string | undefined; nonce: string | undefined; html: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const body = Buffer.concat(chunks)
        const encoding = response.headers['content-encoding']
        const html = (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString()
        resolve({ encoding, nonce: /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1], html })
      })
    })
    request.on('error', reject)
  })
}

describe('the page cache answers compressed, the render included', () => {
  it('sends the visitor who makes the render a compressed page, keeps it whole, and answers the next one compressed with a new nonce', async () => {
    catalogCacheState.generation += 1
    const before = renders.length
    const rendered = await rawGet('/news', 'gzip, deflate, br')
    expect(rendered.encoding).toBe('gzip')
    expect(rendered.html).toContain(`<p>render ${before + 1} of /news</p>`)
    const kept = await rawGet('/news', 'gzip, deflate, br')
    expect(renders.length - before).toBe(1)
    expect(kept.encoding).toBe('br')
    expect(kept.html).toBe(rendered.html.replaceAll(rendered.nonce!, kept.nonce!))
    expect(kept.nonce).not.toBe(rendered.nonce)
  })

  it('sends a client that accepts no compression the page as it is, rendered and kept', async () => {
    catalogCacheState.generation += 1
    const before = renders.length
    const rendered = await rawGet('/about')
    const kept = await rawGet('/about')
    expect(renders.length - before).toBe(1)
    expect([rendered.encoding, kept.encoding]).toEqual([undefined, undefined])
    expect(kept.html).toBe(rendered.html.replaceAll(rendered.nonce!, kept.nonce!))
    expect(kept.html).toContain(`<p>render ${before + 1} of /about</p>`)
  })
})
