import { type PostgresAdapter, sql } from '@payloadcms/db-postgres'
import pg from 'pg'
import type { PayloadRequest } from 'payload'
import { CATALOG_CHANGES_CHANNEL, CATALOG_LISTENER_NAME, type CatalogSource, isCatalogSource } from './sources'

/**
 * How every server process learns that the seller changed the catalog, whichever process made
 * the change (the server itself, a script, the tests' Local API): PostgreSQL's NOTIFY, sent in
 * the change's own transaction, which PostgreSQL delivers to every listener when (and only if)
 * the transaction commits. So a listener never drops its cache before the change is visible to
 * its next query, and a rolled-back change announces nothing. With several instances behind a
 * load balancer, each listens on its own connection and all of them hear every change.
 *
 * A notification travels on its own, though: a client that commits a change and reads at once
 * can be faster than it (measured: a third of such reads). So before a cached answer is given,
 * the listener catches up: it sends a query on its connection, and PostgreSQL hands a session
 * every notification that was committed before the query started ahead of the query's answer
 * (it sends pending notifications before it reports ready for the next query). Requests arriving
 * together share one such query.
 */

/** Announces a change to `source` in the transaction of `req` (or at once when there is none). */
export async function announceCatalogChange(req: PayloadRequest, source: CatalogSource): Promise<void> {
  // The shop runs on PostgreSQL only (payload.config.ts); its adapter keeps each open transaction here.
  const adapter = req.payload.db as unknown as PostgresAdapter
  const transactionId = req.transactionID ? await req.transactionID : undefined
  const database = (transactionId !== undefined && adapter.sessions[transactionId]?.db) || adapter.drizzle
  await database.execute(sql`select pg_notify(${CATALOG_CHANGES_CHANNEL}, ${source})`)
}

type Listener = {
  /** `source` changed; an unknown announcement (null) means: anything may have changed. */
  onChange: (source: CatalogSource | null) => void
  /** True once the listener hears every change, false as soon as it may miss one. */
  onLive: (live: boolean) => void
}

export type ChangeFeed = {
  /**
   * Resolves once every change committed before the call has reached `onChange`; rejects when the
   * feed is not connected (then nothing may be answered from a cache).
   */
  caughtUp: () => Promise<void>
}

const POOLED_CONNECTION_NOTICE =
  'The catalog change feed reaches PostgreSQL through a connection pooler (PgBouncer?), where LISTEN hears nothing; the catalog is read uncached. Connect directly (or through session pooling) to cache it.'

/**
 * Whether a pooler such as PgBouncer stands between us and PostgreSQL. Behind one in transaction
 * mode, LISTEN is accepted but binds only the server connection lent for that one statement, so
 * notifications reach someone else or no one, and a cache would never learn of a change. A pooler
 * hands its clients a process id of its own (for cancelling), never the backend's: with a direct
 * connection the id PostgreSQL announced at the start is the backend's pg_backend_pid().
 */
async function reachedThroughPooler(client: pg.Client): Promise<boolean> {
  const announced = (client as pg.Client & { processID?: number | null }).processID
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
  return rows[0]?.pid !== announced
}

/** After a lost connection, the next attempt is made this much later. */
const RECONNECT_MS = 1000

/**
 * Listens on its own connection to DATABASE_URL for as long as the process runs, reconnecting
 * after a loss. Without DATABASE_URL it never goes live.
 */
export function listenForCatalogChanges(listener: Listener): ChangeFeed {
  const connectionString = process.env.DATABASE_URL
  let connected: pg.Client | undefined
  let reported = false
  const connect = async () => {
    const client = new pg.Client({ connectionString, keepAlive: true, application_name: CATALOG_LISTENER_NAME })
    let lost = false
    const onLost = (error?: unknown) => {
      if (lost) return
      lost = true
      if (connected === client) connected = undefined
      listener.onLive(false)
      if (!reported) console.error('Catalog change feed lost; the catalog is read uncached until it is back.', error ?? '')
      reported = true
      client.end().catch(() => {})
      setTimeout(() => void connect(), RECONNECT_MS).unref()
    }
    client.on('error', onLost)
    client.on('end', () => onLost())
    client.on('notification', ({ channel, payload }) => {
      if (channel === CATALOG_CHANGES_CHANNEL) listener.onChange(isCatalogSource(payload) ? payload : null)
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${CATALOG_CHANGES_CHANNEL}`)
      if (await reachedThroughPooler(client)) {
        // Not a loss: retrying would meet the same pooler. The cache stays off for this process.
        lost = true
        console.error(POOLED_CONNECTION_NOTICE)
        await client.end().catch(() => {})
        return
      }
      if (!lost) {
        reported = false
        connected = client
        listener.onLive(true)
      }
    } catch (error) {
      onLost(error)
    }
  }
  if (connectionString) void connect()

  const ping = async () => {
    if (!connected) throw new Error('The catalog change feed is not connected.')
    await connected.query('SELECT 1')
  }
  return { caughtUp: sharedInOrder(ping) }
}

/**
 * `run` for every caller, but shared: a caller joins the next run that starts after its call (one
 * under way may have been sent before it), so any number of callers cost at most one run under way
 * and one waiting.
 */
function sharedInOrder(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  let next: Promise<void> | undefined
  const start = (): Promise<void> => {
    const started: Promise<void> = run().finally(() => {
      if (running === started) running = undefined
    })
    running = started
    return started
  }
  return () => {
    if (!running) return start()
    next ??= running
      .catch(() => {})
      .then(() => {
        next = undefined
        return start()
      })
    return next
  }
}
