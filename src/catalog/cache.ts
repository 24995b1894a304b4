import type { Payload } from 'payload'
import { isDatabaseOutage } from '../http/outage'
import { catalogCacheState } from './cache-state'
import { listenForCatalogChanges } from './change-feed'
import { CATALOG_SOURCES, type CatalogSource } from './sources'

/**
 * The catalog's cache: what every visitor of a language sees (tracks, albums, categories, news,
 * about, the wizard's lists, the settings), kept in this process's memory and read without a
 * query until the seller changes one of its sources.
 *
 * Every entry names the collections and globals it was read from (its sources). A change to one
 * of them (change-feed.ts: Payload hooks → PostgreSQL NOTIFY when the change commits, from
 * whichever process made it) drops every entry read from it, so the next read queries again.
 * Before an entry is used, the feed catches up with every change committed until then, so even
 * a read right after a change (from any process) sees it. There is no expiry time: an entry
 * lives until its data changes. While the change feed is not connected (before the first read,
 * after a lost connection) nothing is cached and every read queries the database: the cache may
 * be empty, never stale. One exception keeps the storefront up through a database outage: while
 * the feed is away, the entries are kept (not used), and a read the database cannot answer
 * (src/http/outage.ts) gets the kept entry; they are dropped once the feed is back.
 *
 * Keys hold the read's name and its arguments, the language among them, so German and English
 * are never mixed. Only data that is the same for every visitor goes in: catalog reads are made
 * as an anonymous visitor (visitor-read.ts); login, cart and theme stay outside.
 */

/** Enough for every list and detail page of a large catalog in both languages; the oldest entry goes first. */
const MAX_ENTRIES = 2000

const state = catalogCacheState

/**
 * Wraps a catalog read. `load` runs at most once per set of arguments until one of `sources`
 * changes; callers arriving while it runs share its answer. A failed load is not kept. What it
 * returns is frozen: the same object is handed to every visitor, so nobody may change it.
 *
 * The caller hands in `payload`; it goes to `load` and never into the key (a process serves one
 * database, so the arguments alone name the data).
 */
export function cachedCatalogRead<Args extends (string | number)[], T>(
  name: string,
  sources: readonly CatalogSource[],
  load: (payload: Payload, ...args: Args) => Promise<T>,
): (payload: Payload, ...args: Args) => Promise<T> {
  return async (payload: Payload, ...args: Args) => {
    const caughtUp = state.caughtUp ?? startListening()
    const key = `${name}:${JSON.stringify(args)}`
    // Changes committed before this read (also by another process, just now) must be applied first.
    if (
      !state.live ||
      !(await caughtUp().then(
        () => state.live,
        () => false,
      ))
    )
      return load(payload, ...args).catch((error: unknown) => keptDuringOutage<T>(key, error))
    const found = state.entries.get(key)
    if (found) return found.value as Promise<T>
    const value = load(payload, ...args).then(deepFreeze)
    const entry = { value, sources }
    state.entries.set(key, entry)
    if (state.entries.size > MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!)
    value.catch(() => {
      if (state.entries.get(key) === entry) state.entries.delete(key)
    })
    return value
  }
}

/** The listener starts with the first catalog read, so only a process that serves the catalog holds it. */
function startListening(): () => Promise<void> {
  const { caughtUp } = listenForCatalogChanges({
    onChange: (source) => forget(source === null ? CATALOG_SOURCES : [source]),
    onLive: (live) => {
      // Kept while the feed is away, for an outage (keptDuringOutage); dropped when it is back, as changes may have been missed.
      if (live) state.entries.clear()
      state.live = live
      state.generation++
    },
  })
  state.caughtUp = caughtUp
  return caughtUp
}

/** The entry kept for `key` when `error` says the database cannot be reached (then nobody can change the catalog either); else the error. */
function keptDuringOutage<T>(key: string, error: unknown): Promise<T> {
  const kept = state.entries.get(key)
  if (kept && isDatabaseOutage(error)) return kept.value as Promise<T>
  throw error
}

function forget(sources: readonly CatalogSource[]): void {
  state.generation++
  for (const [key, entry] of state.entries) {
    if (entry.sources.some((source) => sources.includes(source))) state.entries.delete(key)
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
