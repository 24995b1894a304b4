import type { IncomingMessage, ServerResponse } from 'node:http'
import pg from 'pg'
import { ERROR_PAGE_TEXTS } from '../i18n/messages/error-page'
import { poolRefusedSince } from '../site/database-pool'
import { presentsLogin } from './presents-login'
import { DATABASE_CHECK_MS } from '../site/database-check'
import { BUSY_RETRY_AFTER_SECONDS, DATABASE_BUSY_DETAIL, DATABASE_OUTAGE_DETAIL, OUTAGE_RETRY_AFTER_SECONDS } from './outage'

/**
 * The catch-all behind the route adapters' own 503 (src/http/answer.ts): our server
 * (scripts/serve.ts) holds back any answer Next is about to send with status 500 (a page whose
 * layout could not read the database, Payload's own REST API) and asks the database once itself.
 * When it cannot be reached, the visitor gets a calm 503 instead: a short page in German (and
 * English), or JSON `{ detail }` under /api/, never Next's error document or a stack trace. So does
 * a 500 of a request during which the shop's pool had no connection free in time (src/site/database-pool.ts),
 * or a 401/403 of one that presented a login then: the 503 says the shop is busy. A 500 with the database up and connections free is a bug and goes out unchanged.
 */

/** How long one answer of the database check is reused: a crowd during an outage costs one check a second. */
const CHECK_REUSED_MS = 1000

let lastCheck: { at: number; reachable: Promise<boolean> } | undefined

function databaseReachable(): Promise<boolean> {
  if (lastCheck && Date.now() - lastCheck.at < CHECK_REUSED_MS) return lastCheck.reachable
  const check = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: DATABASE_CHECK_MS, query_timeout: DATABASE_CHECK_MS })
    client.on('error', () => {})
    try {
      await client.connect()
      await client.query('SELECT 1')
      return true
    } catch {
      return false
    } finally {
      client.end().catch(() => {})
    }
  }
  lastCheck = { at: Date.now(), reachable: check() }
  return lastCheck.reachable
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** A page without scripts or styles of its own (the pages' Content-Security-Policy stays as Next set it). */
function outagePage(): string {
  const { de, en } = ERROR_PAGE_TEXTS
  return [
    '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(de.outageTitle)}</title></head><body><main>`,
    `<h1>${escapeHtml(de.outageTitle)}</h1><p>${escapeHtml(de.outageText)}</p>`,
    `<p lang="en">${escapeHtml(en.outageText)}</p>`,
    `<p><a href="/">${escapeHtml(de.home)}</a></p>`,
    '</main></body></html>',
  ].join('')
}

/**
 * Payload's login check answers "nobody" when it could not read the account (its REST API then
 * says 401 or 403): for a request that presents a login while the pool refused connections, that
 * is the full pool, not the caller.
 */
function loginRefusedForWantOfAConnection(req: IncomingMessage, status: number, startedAt: number): boolean {
  if (status !== 401 && status !== 403) return false
  return presentsLogin(req.headers.authorization, req.headers.cookie) && poolRefusedSince(startedAt)
}

/** Headers of the held answer that describe its body, which is replaced. */
const BODY_HEADERS = ['content-length', 'content-encoding', 'content-type', 'transfer-encoding', 'etag', 'cache-control', 'vary', 'x-nextjs-cache']

type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean
type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse

const asBuffer = (chunk: unknown, encoding: unknown): Buffer =>
  typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array)

/**
 * Installs the catch-all on one response, before Next handles the request. Next starts a page's
 * answer with flushHeaders() (streaming), a route's with its status, so the head is held back as
 * well as the body; once the check has answered, everything passes through as before.
 */
export function answerOutagesCalmly(req: IncomingMessage, res: ServerResponse): void {
  const startedAt = Date.now()
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  const flushHeaders = res.flushHeaders.bind(res)
  const write = res.write.bind(res) as Write
  const end = res.end.bind(res) as End
  let held: Buffer[] | null = null
  let heldHead: unknown[] | null = null
  let released = false
  const holds = (status: number): boolean => {
    if (released) return false
    if (held === null && !res.headersSent && (status === 500 || loginRefusedForWantOfAConnection(req, status, startedAt))) held = []
    return held !== null
  }
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') held!.push(asBuffer(chunk, encoding))
  }
  res.writeHead = function (...args: unknown[]) {
    if (!holds(Number(args[0]))) return writeHead(...args)
    heldHead = args
    return res
  } as ServerResponse['writeHead']
  res.flushHeaders = () => {
    if (!holds(res.statusCode)) flushHeaders()
  }
  res.write = function (chunk: unknown, encoding?: unknown, callback?: unknown) {
    if (!holds(res.statusCode)) return write(chunk, encoding, callback)
    keep(chunk, encoding)
    const done = typeof encoding === 'function' ? encoding : callback
    if (typeof done === 'function') process.nextTick(done as () => void)
    return true
  } as ServerResponse['write']
  res.end = function (chunk?: unknown, encoding?: unknown, callback?: unknown) {
    if (!holds(res.statusCode)) return end(chunk, encoding, callback)
    keep(chunk, encoding)
    const parts = held!
    if (poolRefusedSince(startedAt)) {
      released = true
      sendOutage(req, res, end, 'busy')
      return res
    }
    void databaseReachable().then((reachable) => {
      released = true
      if (!reachable) return sendOutage(req, res, end, 'unreachable')
      if (heldHead) writeHead(...heldHead)
      for (const part of parts) write(part)
      end()
    })
    return res
  } as ServerResponse['end']
}

function sendOutage(req: IncomingMessage, res: ServerResponse, end: End, why: 'unreachable' | 'busy'): void {
  const api = (req.url ?? '/').startsWith('/api/')
  const body = api ? JSON.stringify({ detail: why === 'busy' ? DATABASE_BUSY_DETAIL : DATABASE_OUTAGE_DETAIL }) : outagePage()
  for (const name of BODY_HEADERS) res.removeHeader(name)
  res.statusCode = 503
  res.setHeader('Content-Type', api ? 'application/json' : 'text/html; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('Retry-After', String(why === 'busy' ? BUSY_RETRY_AFTER_SECONDS : OUTAGE_RETRY_AFTER_SECONDS))
  res.setHeader('Content-Length', Buffer.byteLength(body))
  end(body)
}
