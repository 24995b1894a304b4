import type { CatalogSource } from './sources'

type Entry = { value: Promise<unknown>; sources: readonly CatalogSource[] }

export type CatalogCacheState = {
  /** Cached reads by key (cache.ts). */
  entries: Map<string, Entry>
  /** True while the change feed is connected: only then is anything cached. */
  live: boolean
  /**
   * Resolves once every change committed before the call has been applied to the cache (see
   * change-feed.ts); set when the change feed starts, with the first catalog read.
   */
  caughtUp?: () => Promise<void>
  /** Counts every change to the cached catalog; what was rendered from an older count is stale. */
  generation: number
}

const STATE_KEY = Symbol.for('shop.catalogCache')

/**
 * The catalog cache's state, one per process. Kept on globalThis because Next bundles route
 * handlers and pages apart and may load the catalog's modules more than once, and because the
 * page cache in front of Next (src/catalog/page-cache.ts, loaded by scripts/serve.ts outside Next's
 * bundles) must see the same changes.
 */
export const catalogCacheState: CatalogCacheState = ((globalThis as Record<symbol, CatalogCacheState | undefined>)[STATE_KEY] ??= {
  entries: new Map(),
  live: false,
  generation: 0,
})
