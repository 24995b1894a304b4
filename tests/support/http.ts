import http from 'node:http'

/** The running shop under test (scripts/test.ts starts it and sets BASE_URL). */
export const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '')

/**
 * `from`: the loopback address the test connects from (e.g. '127.0.0.23'), so the server sees
 * its own TCP peer for this caller; limits are keyed by that, never by a header the client sets.
 */
export type TestRequestInit = RequestInit & { from?: string }

export async function getJson(path: string, init: TestRequestInit = {}) {
  const { from, ...rest } = init
  const response = from ? await fetchFrom(from, BASE_URL + path, rest) : await fetch(BASE_URL + path, { redirect: 'manual', ...rest })
  const text = await response.text()
  let body: unknown = undefined
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  return { status: response.status, headers: response.headers, body: body as any }
}

/** The addresses ownLoopbackAddress() handed out in this test file (Jest loads modules once per file). */
const handedOut = new Set<string>()

/**
 * A loopback address of its own for one test (127.0.0.0/8 all reaches this machine; never
 * 127.0.0.x, which the browser tests and plain fetch() come from). Remembered, so that the file can
 * forget its own rate-limit hits afterwards (forgetOwnRateLimitHits in ./rate-limits).
 */
export const ownLoopbackAddress = (): string => {
  const address = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`
  handedOut.add(address)
  return address
}

export const loopbackAddressesHandedOut = (): string[] => [...handedOut]

/** fetch() cannot choose its source address; node:http can. Same Request/Response shapes, no redirects followed. */
async function fetchFrom(localAddress: string, url: string, init: RequestInit): Promise<Response> {
  const request = new Request(url, init)
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined
  const headers: Record<string, string> = Object.fromEntries(request.headers)
  if (body) headers['content-length'] = String(body.length)
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: request.method, headers, localAddress }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => {
        const responseHeaders = new Headers()
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const one of Array.isArray(value) ? value : [value ?? '']) responseHeaders.append(name, one)
        }
        const status = incoming.statusCode ?? 0
        resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: responseHeaders }))
      })
      incoming.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
