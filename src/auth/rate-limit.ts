import type { Payload } from 'payload'

/*
 * Every rate limit of the shop counts rows of the rate-limit-hits collection
 * (collections/RateLimitHits.ts) under a key. Counting and inserting happen in one transaction
 * that first takes a PostgreSQL advisory lock on each key, so a parallel burst is counted one
 * request after the other: with a limit of 5, exactly 5 of 20 simultaneous requests get a slot.
 * These are the server's own bookkeeping calls, made without access checks.
 */

export type Limit = { key: string; max: number; windowMinutes: number }

/** Hits older than this are deleted now and then; no limit looks further back. */
const KEEP_HITS_HOURS = 24
const PRUNE_ONE_CALL_IN = 50

/** The rows these queries read are counts, seconds and ids (numbers), and whether a try-lock got its lock. */
type Queryable = { query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, number>[] }> }
type PoolClient = Queryable & { release: (error?: Error) => void }
type Pool = { connect: () => Promise<PoolClient> }

const poolOf = (payload: Payload): Pool => (payload.db as unknown as { pool: Pool }).pool

/** After this long, a request stops trying the locks and waits for them (no request starves behind a steady stream). */
const TRY_LOCKS_FOR_MS = 3000

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `work` in a transaction holding an advisory lock on each key (in a fixed order: no deadlocks).
 * A lock another request holds is not waited for with a connection (a burst of one customer's
 * requests would take the whole pool: docs/architecture.md, write paths): the transaction is rolled
 * back, its connection given back, and the locks tried again a few milliseconds later.
 */
async function underLocks<T>(payload: Payload, keys: string[], work: (db: Queryable) => Promise<T | 'rollback'>): Promise<T | null> {
  const sortedKeys = [...new Set(keys)].sort()
  const waitFrom = Date.now() + TRY_LOCKS_FOR_MS
  for (let attempt = 0; ; attempt++) {
    const client = await poolOf(payload).connect()
    try {
      await client.query('BEGIN')
      const wait = Date.now() >= waitFrom
      let locked = true
      for (const key of sortedKeys) {
        if (wait) await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key])
        else if (!(await client.query('SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked', [key])).rows[0].locked) {
          locked = false
          break
        }
      }
      if (locked) {
        const result = await work(client)
        await client.query(result === 'rollback' ? 'ROLLBACK' : 'COMMIT')
        return result === 'rollback' ? null : result
      }
      await client.query('ROLLBACK')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    } finally {
      client.release()
    }
    await pause(Math.min(5 * 2 ** attempt, 50) * (0.5 + Math.random()))
  }
}

const countSince = async (db: Queryable, key: string, windowMinutes: number): Promise<number> => {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM rate_limit_hits WHERE limit_key = $1 AND created_at > now() - make_interval(mins => $2)`, [
    key,
    windowMinutes,
  ])
  return rows[0].n
}

const insertHits = async (db: Queryable, keys: string[]): Promise<number[]> => {
  const { rows } = await db.query('INSERT INTO rate_limit_hits (limit_key) SELECT unnest($1::varchar[]) RETURNING id', [keys])
  return rows.map((row) => row.id)
}

/**
 * Takes one slot under every limit, or none: the ids of the new hits (to release them again
 * with releaseHits if the counted event did not happen after all), or null when a limit is full.
 */
export async function takeSlots(payload: Payload, limits: Limit[]): Promise<number[] | null> {
  if (Math.random() * PRUNE_ONE_CALL_IN < 1) await pruneOldHits(payload)
  return underLocks(
    payload,
    limits.map((limit) => limit.key),
    async (db) => {
      for (const limit of limits) if ((await countSince(db, limit.key, limit.windowMinutes)) >= limit.max) return 'rollback'
      return insertHits(
        db,
        limits.map((limit) => limit.key),
      )
    },
  )
}

/** The growing wait of one key: free for `freeHits`, then 2^k seconds after the latest hit, capped. */
export type GrowingDelay = { key: string; freeHits: number; maxDelaySeconds: number; windowMinutes: number }

/** Seconds the next event under this key still has to wait (0: none), from the hits so far. */
export function delayAfter(hits: number, secondsSinceLast: number, delay: GrowingDelay): number {
  if (hits < delay.freeHits) return 0
  const wait = Math.min(2 ** (hits - delay.freeHits), delay.maxDelaySeconds)
  return Math.max(0, Math.ceil(wait - secondsSinceLast))
}

/** Takes a slot under a growing delay: the new hit's id, or how many seconds to wait first. */
export async function takeDelayedSlot(payload: Payload, delay: GrowingDelay): Promise<{ hitId: number } | { waitSeconds: number }> {
  const outcome = await underLocks(payload, [delay.key], async (db) => {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n, coalesce(extract(epoch FROM now() - max(created_at)), 0)::float AS since
         FROM rate_limit_hits WHERE limit_key = $1 AND created_at > now() - make_interval(mins => $2)`,
      [delay.key, delay.windowMinutes],
    )
    const waitSeconds = delayAfter(rows[0].n, rows[0].since, delay)
    if (waitSeconds > 0) return { waitSeconds }
    const [hitId] = await insertHits(db, [delay.key])
    return { hitId: hitId! }
  })
  return outcome!
}

/** Takes back hits whose event did not count after all (e.g. a login that succeeded). */
export async function releaseHits(payload: Payload, ids: number[]): Promise<void> {
  if (ids.length) await payload.db.deleteMany({ collection: 'rate-limit-hits', where: { id: { in: ids } } })
}

/**
 * Takes a slot under every limit and runs `work`; null when a limit is reached. Work that fails
 * gives its slots back (the visitor did not get what the slot was for) and rethrows.
 */
export async function withSlots<T>(payload: Payload, limits: Limit[], work: () => Promise<T>): Promise<{ value: T } | null> {
  const slot = await takeSlots(payload, limits)
  if (!slot) return null
  try {
    return { value: await work() }
  } catch (error) {
    await releaseHits(payload, slot)
    throw error
  }
}

/** Moves hits to now: a growing delay counts from when a failure was answered, not from when it started. */
export async function restampHits(payload: Payload, ids: number[]): Promise<void> {
  if (!ids.length) return
  const client = await poolOf(payload).connect()
  try {
    await client.query('UPDATE rate_limit_hits SET created_at = now(), updated_at = now() WHERE id = ANY($1::int[])', [ids])
  } finally {
    client.release()
  }
}

/** Forgets every hit under a key (a successful login resets its account's delay; the seller's unlock too). */
export async function clearKey(payload: Payload, key: string): Promise<void> {
  await payload.db.deleteMany({ collection: 'rate-limit-hits', where: { limit_key: { equals: key } } })
}

/** Deletes hits that no limit counts any more. */
export async function pruneOldHits(payload: Payload): Promise<void> {
  const before = new Date(Date.now() - KEEP_HITS_HOURS * 3600_000).toISOString()
  await payload.db.deleteMany({ collection: 'rate-limit-hits', where: { createdAt: { less_than: before } } })
}
