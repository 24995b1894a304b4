import type { DatabaseAdapterObj } from 'payload'
import pg from 'pg'

/**
 * The shop's pool of PostgreSQL connections (payload.config.ts): how many, and how long a request
 * waits for a free one. Without a wait limit, requests that hold their connections (a lock, a slow
 * query) made every other request queue for as long as they did; now a request that finds none
 * free within the limit fails with node-postgres's "timeout exceeded when trying to connect", which
 * is answered 503 with Retry-After (src/http/outage.ts, src/http/outage-answers.ts).
 */
/** pg-pool's words when no connection became free in time (a new one that cannot be made says "Connection terminated due to connection timeout"). */
export const POOL_EXHAUSTED = /timeout exceeded when trying to connect/i

export const DATABASE_POOL_DEFAULTS = {
  /** node-postgres's own default. Payload's adapter keeps one of them checked out for good (it watches it for a lost connection). */
  max: 10,
  /** How long a request waits for a free connection (or for a new one to be made) before it gives up. */
  acquireTimeoutMs: 5000,
} as const

export type DatabasePoolSettings = { max: number; acquireTimeoutMs: number }

function wholeNumber(name: string, value: string | undefined, fallback: number, minimum: number): number {
  if (value === undefined || value.trim() === '') return fallback
  const number = Number(value)
  if (!Number.isInteger(number) || number < minimum) throw new Error(`${name} must be a whole number ≥ ${minimum}, not "${value}".`)
  return number
}

/** DATABASE_POOL_MAX (at least 2: Payload holds one) and DATABASE_POOL_ACQUIRE_TIMEOUT_MS, else the defaults. */
export function databasePoolSettings(env: NodeJS.ProcessEnv = process.env): DatabasePoolSettings {
  return {
    max: wholeNumber('DATABASE_POOL_MAX', env.DATABASE_POOL_MAX, DATABASE_POOL_DEFAULTS.max, 2),
    acquireTimeoutMs: wholeNumber('DATABASE_POOL_ACQUIRE_TIMEOUT_MS', env.DATABASE_POOL_ACQUIRE_TIMEOUT_MS, DATABASE_POOL_DEFAULTS.acquireTimeoutMs, 1),
  }
}

type PoolState = { lastRefusalAt: number }
const STATE_KEY = Symbol.for('shop.databasePool')
/**
 * When the pool last refused a connection, one per process: on globalThis because our server
 * (scripts/serve.ts) reads it outside Next's bundles, which may load this module more than once.
 */
const poolState: PoolState = ((globalThis as Record<symbol, PoolState | undefined>)[STATE_KEY] ??= { lastRefusalAt: 0 })

/**
 * Whether the pool refused a connection at or after `since` (a request's start): then a failure of
 * that request, even one a library turned into "nobody is logged in" or a bare 500, was the full pool.
 */
export const poolRefusedSince = (since: number): boolean => poolState.lastRefusalAt >= since

const noteRefusal = (error: unknown) => {
  if (error instanceof Error && POOL_EXHAUSTED.test(error.message)) poolState.lastRefusalAt = Date.now()
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void

/** node-postgres's pool, noting each refusal. pg-pool's query() asks with a callback, Drizzle's transactions without. */
class WatchedPool extends pg.Pool {
  connect(): Promise<pg.PoolClient>
  connect(callback: ConnectCallback): void
  connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (!callback) {
      return super.connect().catch((error: unknown) => {
        noteRefusal(error)
        throw error
      })
    }
    super.connect((error, client, done) => {
      noteRefusal(error)
      callback(error, client, done)
    })
  }
}

/** node-postgres for Payload's adapter (its `pg` option), with the watched pool in place of its own. */
export const pgWithWatchedPool: typeof pg = Object.create(pg, { Pool: { value: WatchedPool } })

/**
 * Payload's Postgres adapter, with its `initializing` promise handled: when the first connection
 * fails, Payload throws the error to whoever called getPayload and also rejects that promise with no
 * reason, which nothing awaits, so Node ended the whole process ("rejected with the reason
 * undefined"). A test lane lost all its results that way when one connect timed out on a busy CI
 * machine. The connect error still reaches getPayload's caller.
 */
export function withHandledInitializing(adapter: DatabaseAdapterObj): DatabaseAdapterObj {
  return {
    ...adapter,
    init: (args) => {
      const database = adapter.init(args) as ReturnType<DatabaseAdapterObj['init']> & { initializing?: Promise<void> }
      database.initializing?.catch(() => {})
      return database
    },
  }
}
