/**
 * Our HTTP server in front of Next's request handler (used by `npm start`, `npm run dev` and
 * `npm test` instead of `next start` / `next dev`). It does three things Next cannot do for us:
 *  - It derives the client's address from the TCP peer (and TRUSTED_PROXY_HOPS) and hands it on
 *    in a header only it sets, so rate limits never trust an address the client chose.
 *  - It answers the catalog pages from their kept HTML with a fresh nonce (src/catalog/page-cache.ts),
 *    in production; Next renders them once per change of the catalog and language.
 *  - It caps request bodies before Next or Payload read them: a declared Content-Length over the
 *    cap is answered 413 at once; a chunked body is counted while it arrives and answered 413 as
 *    soon as it passes the cap. Bodies within a small cap are read here and handed to Next whole;
 *    uploads (the seller's, recognised by a valid admin token, and the customers' recordings)
 *    stream on to their route, which counts them and answers 413 itself; here they are only cut
 *    off STREAMED_SLACK past the cap, and a connection whose route answered without reading the
 *    whole body is closed after the answer.
 * And while the database cannot be reached, it turns Next's 500 answers into a calm 503.
 * It stops gracefully (issue 31): on SIGTERM its health check answers 503 at once, so a balancer
 * takes it out, it goes on taking connections for SHUTDOWN_DRAIN_SECONDS (requests the balancer sent
 * before it noticed), then stops taking them, finishes the requests it holds and ends.
 * Usage: node --import tsx scripts/serve.ts [--dev] (PORT, HOST from the environment).
 */
import { createServer, IncomingMessage, type ServerResponse } from 'node:http'
import { parse } from 'node:url'
import { type BodyCap, bodyCapFor, STREAMED_SLACK } from '../src/http/body-limits'
import { CLIENT_ADDRESS_HEADER, deriveClientAddress } from '../src/http/client-address'
import { answerOutagesCalmly } from '../src/http/outage-answers'
import { withPageCache } from '../src/catalog/page-cache'
import { ROOT } from './lib/env'
import { createSellerCheck } from './lib/seller-token'

const dev = process.argv.includes('--dev')
Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production' })
const port = Number(process.env.PORT || 3000)
const host = process.env.HOST || undefined
const trustedHops = Number(process.env.TRUSTED_PROXY_HOPS || 0)
if (!Number.isInteger(trustedHops) || trustedHops < 0) {
  console.error(`TRUSTED_PROXY_HOPS must be a whole number ≥ 0 (the proxies in front of the shop), not "${process.env.TRUSTED_PROXY_HOPS}".`)
  process.exit(1)
}
const drainSeconds = Number(process.env.SHUTDOWN_DRAIN_SECONDS || 0)
if (!Number.isFinite(drainSeconds) || drainSeconds < 0 || drainSeconds > 300) {
  console.error(`SHUTDOWN_DRAIN_SECONDS must be a number of seconds from 0 to 300, not "${process.env.SHUTDOWN_DRAIN_SECONDS}".`)
  process.exit(1)
}
const isSeller = createSellerCheck(process.env.PAYLOAD_SECRET || '')

// tsx turns Node's source-map support on for this TypeScript file; in production it would also
// read and keep the source map of every chunk Next loads, which doubled the server's memory
// (about 500 instead of 230 MB after start). Stack traces keep the built files' positions.
if (!dev) process.setSourceMapsEnabled(false)
const nextModule = (await import('next')) as unknown as { default: typeof import('next').default | { default: typeof import('next').default } }
const createNext = 'default' in nextModule.default ? nextModule.default.default : nextModule.default
const app = createNext({ dev, dir: ROOT, hostname: host ?? 'localhost', port })
await app.prepare()
const handle = app.getRequestHandler()
// In development every request renders anew (the sources change under the server).
const handlePage = dev ? handle : withPageCache(handle)

/** How long a refused client may go on sending (discarded) so it can read our answer. */
const LINGER_MS = 2000

/**
 * Closing a socket with unread input makes the kernel send a reset, which can destroy our answer
 * before the client reads it. So, like Apache's and nginx's lingering close, we send the answer
 * and our FIN, discard what still arrives for a moment, and only then close.
 */
function lingerThenClose(req: IncomingMessage): void {
  const socket = req.socket as IncomingMessage['socket'] & { destroySoon?: () => void }
  req.removeAllListeners('data')
  req.on('data', () => {})
  req.resume()
  socket.destroySoon = () => {
    socket.end()
    setTimeout(() => socket.destroy(), LINGER_MS).unref()
  }
}

function refuse(req: IncomingMessage, res: ServerResponse, status: number, detail: string): void {
  if (res.headersSent) return
  const body = JSON.stringify({ detail })
  res.shouldKeepAlive = false
  lingerThenClose(req)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Connection: 'close' })
  res.end(body)
}

const tooLarge = (cap: BodyCap) => `The request body is too large (at most ${Math.floor(cap.bytes / 1024)} KB on this route).`

function capOf(req: IncomingMessage): BodyCap {
  const { pathname } = parse(req.url ?? '/')
  return bodyCapFor(req.method ?? 'GET', pathname ?? '/', () => isSeller(req.headers))
}

const declaredLength = (req: IncomingMessage): number => Number(req.headers['content-length'] ?? 0)
const hasBody = (req: IncomingMessage): boolean => declaredLength(req) > 0 || req.headers['transfer-encoding'] !== undefined

/** Reads a body of at most cap.bytes; answers 413 (and stops reading) as soon as it passes. */
function readCapped(req: IncomingMessage, res: ServerResponse, cap: BodyCap): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let received = 0
    const finish = (body: Buffer | undefined) => {
      req.removeListener('data', onData)
      req.removeListener('end', onEnd)
      resolve(body)
    }
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received <= cap.bytes) return void chunks.push(chunk)
      chunks.length = 0
      refuse(req, res, 413, tooLarge(cap))
      finish(undefined)
    }
    const onEnd = () => finish(Buffer.concat(chunks, received))
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', () => finish(undefined))
  })
}

/** A fresh request carrying an already-read body, for Next (which reads it as a stream). */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket)
  Object.assign(copy, {
    method: req.method,
    url: req.url,
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
    headers: { ...req.headers, 'content-length': String(body.length) },
    rawHeaders: req.rawHeaders,
  })
  delete copy.headers['transfer-encoding']
  copy.push(body)
  copy.push(null)
  copy.complete = true
  return copy
}

/**
 * Uploads stream on to their route, whose reader answers 413 at the cap; a reader that failed to
 * stop has its connection cut STREAMED_SLACK later.
 */
function countWhileStreaming(req: IncomingMessage, cap: BodyCap): void {
  const push = req.push.bind(req)
  let received = 0
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk !== null && chunk !== undefined) {
      received += (chunk as Buffer).length
      if (received > cap.bytes + STREAMED_SLACK) {
        req.socket.destroy()
        return false
      }
    }
    return push(chunk, encoding)
  }
}

/**
 * A route may answer before reading the whole body (401 before an upload, 413 at the cap). Then
 * the rest of the body is not wanted: the answer says `Connection: close`, and what still arrives
 * is discarded for a moment before the socket is closed (see lingerThenClose).
 */
function closeAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  res.writeHead = ((...args: unknown[]) => {
    if (!req.complete) {
      res.shouldKeepAlive = false
      lingerThenClose(req)
    }
    return writeHead(...args)
  }) as ServerResponse['writeHead']
}

/** Set once a stop began: the health check fails and every answer closes its connection. */
let stopping = false
/** Answers begun and not yet finished, so a stop can end their connections after them. */
const unfinished = new Set<ServerResponse>()

const HEALTH_PATHS = new Set(['/api/health', '/api/health/'])

async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.on('error', () => {})
  req.on('error', () => {})
  unfinished.add(res)
  res.on('close', () => unfinished.delete(res))
  if (stopping) {
    res.setHeader('Connection', 'close')
    if (HEALTH_PATHS.has(parse(req.url ?? '/').pathname ?? '')) {
      const body = JSON.stringify({ detail: 'This instance is stopping.' })
      res.writeHead(503, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' })
      return void res.end(body)
    }
  }
  // A 500 while the database is away becomes a calm 503 (src/http/outage-answers.ts).
  answerOutagesCalmly(req, res)
  delete req.headers[CLIENT_ADDRESS_HEADER]
  const forwardedFor = req.headers['x-forwarded-for']
  req.headers[CLIENT_ADDRESS_HEADER] = deriveClientAddress(
    req.socket.remoteAddress,
    Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor,
    trustedHops,
  )
  if (!hasBody(req)) return handlePage(req, res)
  const cap = capOf(req)
  if (declaredLength(req) > cap.bytes) return refuse(req, res, 413, tooLarge(cap))
  if (cap.streamed) {
    countWhileStreaming(req, cap)
    closeAfterEarlyAnswer(req, res)
    return handle(req, res)
  }
  const body = await readCapped(req, res, cap)
  if (body) return handle(replay(req, body), res)
}

const server = createServer((req, res) => {
  serve(req, res).catch((error) => {
    console.error(error)
    refuse(req, res, 500, 'Internal error.')
  })
})
// Idle keep-alive connections stay open longer than clients and proxies keep them (Node's 5 s
// default is shorter than many): otherwise a client may send its next request on a connection the
// server is just closing, and that request fails with "other side closed".
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
// A client that waits for "100 Continue" learns of an oversize body before sending it.
server.on('checkContinue', (req, res) => {
  if (declaredLength(req) > capOf(req).bytes) return refuse(req, res, 413, tooLarge(capOf(req)))
  res.writeContinue()
  server.emit('request', req, res)
})
server.listen(port, host, () => console.log(`Serving on http://${host ?? 'localhost'}:${port} (${dev ? 'development' : 'production'}).`))

/** Requests still running this long after the server stopped taking connections are cut off. */
const FINISH_WITHIN_MS = 30_000

/**
 * SIGTERM (a process manager's or the cluster's stop) drains for SHUTDOWN_DRAIN_SECONDS first;
 * SIGINT (Ctrl-C) does not. Either way the requests in progress are finished; a second signal cuts them off.
 */
let hurry = () => {}
async function shutDown(drainMs: number): Promise<void> {
  if (stopping) {
    hurry()
    return void server.closeAllConnections()
  }
  stopping = true
  for (const res of unfinished) if (!res.headersSent) res.setHeader('Connection', 'close')
  if (drainMs > 0) {
    console.log(`Stopping: the health check answers 503 now; connections are still taken for ${drainMs / 1000} s while the balancer takes this instance out.`)
    await new Promise<void>((resolve) => {
      hurry = resolve
      setTimeout(resolve, drainMs)
    })
  }
  const closed = new Promise((resolve) => server.close(resolve))
  // Keep-alive connections close once idle (their last answer said Connection: close).
  const sweep = setInterval(() => server.closeIdleConnections(), 100)
  const cutOff = setTimeout(() => server.closeAllConnections(), FINISH_WITHIN_MS)
  await closed
  clearInterval(sweep)
  clearTimeout(cutOff)
  await app.close().catch(() => {})
  process.exit(0)
}
process.on('SIGTERM', () => void shutDown(drainSeconds * 1000))
process.on('SIGINT', () => void shutDown(0))
