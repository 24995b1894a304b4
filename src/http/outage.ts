import { constants } from 'node:fs'
import { access, statfs } from 'node:fs/promises'
import { POOL_EXHAUSTED } from '@/site/database-pool'
import { type Refusal, refuse } from '@/site/outcome'

/**
 * Faults of the machine, not of the request: the database cannot be reached (stopped, restarting,
 * the network between), or the disk the shop writes to is full or read-only. The visitor gets a
 * calm 503 (or 507 for a full disk) with `detail` and Retry-After, never a 500 or a stack trace.
 */

/** How long a client should wait before it asks again during an outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 10

export const DATABASE_OUTAGE_DETAIL = 'The shop’s database cannot be reached just now. Please try again in a moment.'

/** How long a client should wait before it asks again when every database connection was busy. */
export const BUSY_RETRY_AFTER_SECONDS = 5

export const DATABASE_BUSY_DETAIL = 'The shop is very busy just now. Please try again in a few seconds.'

/** The code of DatabaseOutageError. */
const OUTAGE_CODE = 'SHOP_DATABASE_UNREACHABLE'

/** Thrown where a library turned the database's error into an answer (Payload's login check says "nobody"). */
export class DatabaseOutageError extends Error {
  readonly code = OUTAGE_CODE
  constructor() {
    super('The database cannot be reached.')
  }
}

/** Thrown where a library turned "no database connection free in time" into an answer (Payload's login check says "nobody"). */
export class DatabaseBusyError extends Error {
  constructor() {
    super('timeout exceeded when trying to connect: every database connection was busy.')
  }
}

/** Network errors of a connection that could not be made or was lost. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])

/**
 * PostgreSQL's SQLSTATEs for "not now": class 08 (connection exception), 57P01–57P03 (shut down by
 * the administrator, crashed, starting up or shutting down), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/

/** node-postgres says a lost or unusable connection only in words. */
const LOST_CONNECTION = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed/i

/**
 * Whether `error` (or one of its causes: Drizzle and Payload wrap the driver's error; Payload's
 * transactions keep only its message) says the database cannot be reached, rather than a bug.
 */
export function isDatabaseOutage(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; current = (current as { cause?: unknown }).cause, depth++) {
    if (typeof current !== 'object') return false
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (code === OUTAGE_CODE || CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true
    if (typeof message === 'string' && (LOST_CONNECTION.test(message) || /\b(ECONNREFUSED|ECONNRESET)\b/.test(message))) return true
  }
  return false
}

/**
 * Whether `error` (or one of its causes) says that no connection of the pool became free within
 * DATABASE_POOL_ACQUIRE_TIMEOUT_MS (src/site/database-pool.ts): the database is up, the shop is full.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; current = (current as { cause?: unknown }).cause, depth++) {
    if (typeof current !== 'object') return false
    const { message } = current as { message?: unknown }
    if (typeof message === 'string' && POOL_EXHAUSTED.test(message)) return true
  }
  return false
}

/** The JSON answer of an API call during a database outage. */
export function databaseOutageAnswer(): Response {
  return Response.json(
    { detail: DATABASE_OUTAGE_DETAIL },
    { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) } },
  )
}

/** The JSON answer of an API call that found no database connection free in time. */
export function databaseBusyAnswer(): Response {
  return Response.json(
    { detail: DATABASE_BUSY_DETAIL },
    { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) } },
  )
}

export const DISK_FULL_DETAIL = 'The shop’s storage is full just now, so the file could not be saved. Nothing was changed; please try again later.'
export const DISK_UNWRITABLE_DETAIL = 'The shop cannot save files just now. Nothing was changed; please try again later.'

const diskFull = (): Refusal => refuse(507, DISK_FULL_DETAIL, { retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS })
const diskUnwritable = (): Refusal => refuse(503, DISK_UNWRITABLE_DETAIL, { retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS })

/** A failed write of a file: 507 for a full disk (or quota), 503 for a folder that cannot be written (read-only, no permission), else null (a bug). */
export function diskWriteRefusal(error: unknown): Refusal | null {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'ENOSPC' || code === 'EDQUOT') return diskFull()
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') return diskUnwritable()
  return null
}

/**
 * Why a file of `bytes` cannot be written into `dir` now, asked of the disk itself (for a library
 * that reports a failed write without its cause): unwritable (503), full (507), or null when the
 * folder takes it.
 */
export async function diskRefusalFor(dir: string, bytes: number): Promise<Refusal | null> {
  try {
    // Also for root, a read-only file system refuses W_OK (EROFS).
    await access(dir, constants.W_OK)
    const { bavail, bsize } = await statfs(dir)
    return bavail * bsize < bytes ? diskFull() : null
  } catch (error) {
    return diskWriteRefusal(error) ?? diskUnwritable()
  }
}
