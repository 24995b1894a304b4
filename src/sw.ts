/// <reference lib="webworker" />
/**
 * The service worker (bundled by Serwist in src/app/serwist/[path]/route.ts, served as
 * /serwist/sw.js). What it keeps and what it never touches is listed in docs/architecture.md,
 * "Offline"; the rules themselves are in src/components/offline/offline-rules.ts.
 */
import {
  CacheableResponsePlugin,
  CacheFirst,
  createPartialResponse,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  type PrecacheEntry,
  type RouteMatchCallbackOptions,
  Serwist,
  type SerwistGlobalConfig,
  StaleWhileRevalidate,
} from 'serwist'
import { knownAccount, recordAccount } from './components/offline/offline-account'
import { ACCOUNT_NOW, isRenderedFor, type RenderedFor } from './components/offline/account-message'
import {
  deploymentCacheNames,
  isAudioPath,
  isForgottenOnAccountChange,
  isKeptPage,
  isLeftAlone,
  isOutdatedDeploymentCache,
  MAX_KEPT_PAGES,
  MAX_KEPT_STATIC_FILES,
  OFFLINE_PAGES,
  offlinePageFor,
  offlineSongsCacheName,
  PAGE_NETWORK_TIMEOUT_SECONDS,
  SAVED_SONGS_CHANGED,
  shellVersion,
} from './components/offline/offline-rules'

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined
  }
}
declare const self: ServiceWorkerGlobalScope & { cookieStore?: { get(name: string): Promise<{ value: string } | null> } }

const precache = self.__SW_MANIFEST ?? []
/** This deployment's caches carry its shell's version. */
const version = shellVersion(precache)
const cacheNames = deploymentCacheNames(version)
const KEPT_IMAGES = 60

/**
 * The paths of the saved songs, so that only their requests are answered here and every other
 * audio request (the player's Range requests) goes to the network untouched. Null while the
 * worker, just started, is still reading them: then audio requests are looked up in the caches.
 */
let savedSongPaths: Set<string> | null = null

/** The cache of the saved songs of the account the offline data belongs to (never another account's), if any. */
async function offlineSongsCache(): Promise<string | null> {
  const account = await knownAccount()
  return account ? offlineSongsCacheName(account) : null
}

/**
 * Reads which songs are saved. Only in turn with the hand-overs (`inTurn`): opening a cache
 * creates it anew when a hand-over has just deleted it.
 */
async function readSavedSongPaths(): Promise<void> {
  const paths = new Set<string>()
  const cacheName = await offlineSongsCache()
  if (cacheName && (await caches.has(cacheName))) {
    for (const request of await (await caches.open(cacheName)).keys()) {
      const { pathname } = new URL(request.url)
      if (isAudioPath(pathname)) paths.add(pathname)
    }
  }
  savedSongPaths = paths
}

/**
 * A saved song from its cache, the part a Range request asks for (the <audio> element seeks with
 * them); else the network. `caches.match` with the cache's name never creates the cache.
 */
async function savedSong({ request }: { request: Request }): Promise<Response> {
  const cacheName = await offlineSongsCache()
  const saved = cacheName ? await caches.match(request.url, { cacheName }) : undefined
  if (saved) return request.headers.has('range') ? createPartialResponse(request, saved) : saved
  return fetch(request)
}

const isSavedSong = ({ url, sameOrigin }: RouteMatchCallbackOptions) =>
  sameOrigin && isAudioPath(url.pathname) && (savedSongPaths === null || savedSongPaths.has(url.pathname))
const isNavigation = ({ request, url, sameOrigin }: RouteMatchCallbackOptions) => sameOrigin && request.mode === 'navigate' && !isLeftAlone(url.pathname)
/** Files the admin panel loads (its scripts are megabytes) are left alone like the admin itself. */
const isForStorefront = ({ request, sameOrigin }: RouteMatchCallbackOptions) =>
  sameOrigin && !(request.referrer && isLeftAlone(new URL(request.referrer).pathname))

const serwist = new Serwist({
  precacheEntries: precache,
  precacheOptions: { cleanupOutdatedCaches: true },
  // A new deployment's worker takes over at once (its precache is complete by then), so nobody stays on an old build.
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    { matcher: isSavedSong, handler: savedSong },
    {
      matcher: (options) => isNavigation(options) && isKeptPage(options.url.pathname),
      handler: new NetworkFirst({
        cacheName: cacheNames.pages,
        networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
        matchOptions: { ignoreVary: true },
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: MAX_KEPT_PAGES })],
      }),
    },
    // Other pages (the account, the checkout …) are never kept; offline they get the offline page.
    { matcher: isNavigation, handler: new NetworkOnly() },
    {
      matcher: (options) => isForStorefront(options) && options.url.pathname.startsWith('/_next/static/'),
      handler: new CacheFirst({
        cacheName: cacheNames.staticFiles,
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: MAX_KEPT_STATIC_FILES })],
      }),
    },
    {
      // The covers of the pages kept (public images, never an account's).
      matcher: (options) => isForStorefront(options) && (options.url.pathname === '/_next/image' || options.url.pathname.startsWith('/media/images/')),
      handler: new StaleWhileRevalidate({
        cacheName: cacheNames.images,
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: KEPT_IMAGES })],
      }),
    },
  ],
})

/** A page that could not be loaded nor was kept: the offline page in the visitor's language. */
serwist.setCatchHandler(async ({ request }) => {
  if (request.destination !== 'document') return Response.error()
  const chosen = await self.cookieStore?.get('lang').catch(() => null)
  const page = await caches.match(offlinePageFor(new URL(request.url).pathname, chosen?.value), { cacheName: cacheNames.offlinePages, ignoreVary: true })
  return page ?? Response.error()
})

/** The offline pages, fetched without cookies: the same for everybody, nobody's data in them. */
async function keepOfflinePages(): Promise<void> {
  const cache = await caches.open(cacheNames.offlinePages)
  await Promise.all(
    Object.values(OFFLINE_PAGES).map(async (page) => {
      const response = await fetch(page, { credentials: 'omit' })
      if (!response.ok) throw new Error(`${page} answered ${response.status}`)
      await cache.put(page, response)
    }),
  )
}

async function deleteOutdatedCaches(): Promise<void> {
  const outdated = (await caches.keys()).filter((name) => isOutdatedDeploymentCache(name, version))
  await Promise.all(outdated.map((name) => caches.delete(name)))
}

/** How often, and how long apart, the worker asks whom the server names before it leaves the hand-over to the next page. */
const WHOAMI_ATTEMPTS = 3
const WHOAMI_RETRY_MS = 1000

/**
 * Whom the server names as logged in now (GET /api/whoami/ with the browser's cookie, as a page
 * is rendered), or undefined when it cannot be asked. A busy server or a weak connection gets
 * two more tries a moment apart (offline, each try fails at once).
 */
async function loggedInNow(): Promise<string | null | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch('/api/whoami/', { cache: 'no-store' })
      if (response.ok) return ((await response.json()) as { user: string | null }).user
    } catch {
      // Asked again below, or given up.
    }
    if (attempt === WHOAMI_ATTEMPTS) return undefined
    await new Promise((resolve) => setTimeout(resolve, WHOAMI_RETRY_MS * attempt))
  }
}

/**
 * The offline data belongs to one account. A page that names another one than the data's (or
 * nobody: the session ended, by logout, expiry, a password changed elsewhere) hands it over:
 * everything of the previous account goes, saved songs and kept pages. Only once the server
 * confirms whom it names: the offline page (rendered for nobody) or a copy kept earlier reports
 * whoever it was rendered for, and offline nobody can be asked.
 */
async function pageRenderedFor(renderedFor: RenderedFor): Promise<void> {
  const account = renderedFor?.id ?? null
  const known = await knownAccount()
  if (account === known) return
  // A new worker, a visitor: the pages it keeps are nobody's to forget. (Forgetting them here
  // raced with the keeping of the page that reported: CI saw the home page gone offline.)
  if (known === undefined && account === null) return recordAccount(null)
  if ((await loggedInNow()) !== (renderedFor?.name ?? null)) return
  // (CI saw a visited album vanish when a new worker's first report was confirmed after the album was kept.)
  const forgotten = (await caches.keys()).filter((name) => isForgottenOnAccountChange(name, account, known))
  await Promise.all(forgotten.map((name) => caches.delete(name)))
  await recordAccount(account)
  await readSavedSongPaths()
}

/**
 * One after the other: the reports (several tabs load at once) and the readings of the saved
 * songs, so that no reading opens a cache a hand-over is deleting.
 */
let inTurn = Promise.resolve()
const queued = (work: () => Promise<void>, what: string): Promise<void> => {
  inTurn = inTurn.then(work).catch((error) => console.error(what, error))
  return inTurn
}

self.addEventListener('install', (event) => event.waitUntil(keepOfflinePages()))
self.addEventListener('activate', (event) => event.waitUntil(deleteOutdatedCaches()))
self.addEventListener('message', (event) => {
  if (event.data?.type === SAVED_SONGS_CHANGED) event.waitUntil(queued(readSavedSongPaths, 'saved songs'))
  if (event.data?.type === ACCOUNT_NOW && isRenderedFor(event.data.account)) {
    const renderedFor = event.data.account
    event.waitUntil(queued(() => pageRenderedFor(renderedFor), 'offline account'))
  }
})
void queued(readSavedSongPaths, 'saved songs')
serwist.addEventListeners()
