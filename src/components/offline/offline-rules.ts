import { isCatalogPage, isLegalPage } from '@/site/routes'

/**
 * What the service worker (src/sw.ts) keeps and the offline-song buttons store: one home for the
 * cache names, the pages that may be kept and the paths that never are. Pure, so the worker, the
 * components and the unit tests share it.
 */

/** The visited catalog pages kept for offline visits: the last this many. */
export const MAX_KEPT_PAGES = 30
/** A navigation waits this long for the network before a kept copy of the page is shown. */
export const PAGE_NETWORK_TIMEOUT_SECONDS = 3
/** Hashed script and style files of the pages visited, beyond the precached shell. */
export const MAX_KEPT_STATIC_FILES = 150

/** The offline page of each language, kept at install (fetched without cookies, so nobody's data is in it). */
export const OFFLINE_PAGES = { de: '/offline', en: '/en/offline' } as const

/**
 * The version of a deployment's shell: a hash of its precache list (file names with their
 * content hashes, and revisions), so a build that changes any of them gets new caches.
 */
export function shellVersion(precache: readonly (string | { url: string; revision?: string | null })[]): string {
  let hash = 0x811c9dc5
  for (const entry of precache) {
    const text = typeof entry === 'string' ? entry : `${entry.url} ${entry.revision ?? ''}`
    for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
    hash = Math.imul(hash ^ 0x0a, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

/** Caches of one deployment end with its shell's version; the worker deletes the others when it takes over. */
const DEPLOYMENT_CACHE_PREFIX = 'shop-'
export const deploymentCacheNames = (version: string) => ({
  pages: `${DEPLOYMENT_CACHE_PREFIX}pages-${version}`,
  staticFiles: `${DEPLOYMENT_CACHE_PREFIX}static-${version}`,
  images: `${DEPLOYMENT_CACHE_PREFIX}images-${version}`,
  offlinePages: `${DEPLOYMENT_CACHE_PREFIX}offline-${version}`,
})
export const isOutdatedDeploymentCache = (name: string, version: string): boolean => name.startsWith(DEPLOYMENT_CACHE_PREFIX) && !name.endsWith(`-${version}`)
/** The kept catalog pages of every deployment (forgotten when the account changes: they show who was logged in). */
export const isKeptPagesCache = (name: string): boolean => name.startsWith(`${DEPLOYMENT_CACHE_PREFIX}pages-`)

/** The songs an account saved for offline listening live in a cache of their own. */
const OFFLINE_SONGS_PREFIX = 'offline-songs-'
export const offlineSongsCacheName = (accountId: number | string): string => `${OFFLINE_SONGS_PREFIX}${accountId}`
export const isOfflineSongsCache = (name: string): boolean => name.startsWith(OFFLINE_SONGS_PREFIX)

/** Delivered songs and catalog tracks are both served from /media/audio/<file> (src/app/media). */
export const isAudioPath = (pathname: string): boolean => pathname.startsWith('/media/audio/')

/** The saved song's description (what the order page showed) is kept beside it under this path. */
const SONG_DETAILS_PATH = '/offline-songs/details/'
export const songDetailsUrl = (audioUrl: string): string => `${SONG_DETAILS_PATH}${encodeURIComponent(audioUrl)}`
export const isSongDetailsUrl = (url: string): boolean => new URL(url, 'http://x').pathname.startsWith(SONG_DETAILS_PATH)

/** What the offline list shows of a saved song: the texts the customer saw on the order page. */
export type SavedSong = { url: string; title: string; order: string; bytes: number }

/** Asks the worker to re-read which songs are saved (after saving or removing one). */
export const SAVED_SONGS_CHANGED = 'offline-songs-changed'

/** Where the worker records which account the offline data belongs to (src/components/offline/offline-account.ts). */
export const OFFLINE_ACCOUNT = { cache: 'offline-account', key: '/offline-account/' } as const

/**
 * The caches to delete when the offline data passes from `previous` to `account` (null: nobody;
 * undefined: a new worker that knew nobody yet): every other account's saved songs, and the kept
 * pages, which were rendered for whoever was logged in. A new worker's first account keeps the
 * pages: they were kept since the worker started, for this login, some while the server was
 * asked whom it names.
 */
export const isForgottenOnAccountChange = (name: string, account: string | null, previous: string | null | undefined): boolean =>
  (isKeptPagesCache(name) && previous !== undefined) || (isOfflineSongsCache(name) && (account === null || name !== offlineSongsCacheName(account)))

/**
 * The pages kept for offline visits: the catalog pages (the same for every visitor of a language,
 * the ones the server's page cache keeps too) and the legal pages. Accounts, checkout, cart, login,
 * the admin and the API are never kept.
 */
export const isKeptPage = (pathname: string): boolean => isCatalogPage(pathname) || isLegalPage(pathname)

/** Paths the worker leaves to the browser entirely: the admin, Payload's and our API. */
export const isLeftAlone = (pathname: string): boolean => /^\/(admin|api)(\/|$)/.test(pathname)

/** The offline page's language: English under /en/ or when the visitor chose English (the `lang` cookie), else German. */
export const offlinePageFor = (pathname: string, chosenLanguage: string | null | undefined): string =>
  /^\/en(\/|$)/.test(pathname) || chosenLanguage === 'en' ? OFFLINE_PAGES.en : OFFLINE_PAGES.de

/** "4,2 MB" / "4.2 MB": the space a saved song takes, in the page's language (decimal units, like file managers). */
export function formatSavedSize(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB']
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit += 1
  }
  const digits = unit === 0 ? 0 : 1
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)} ${units[unit]}`
}
