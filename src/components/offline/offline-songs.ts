import { apiFetch } from '@/auth/access-token'
import { knownAccount } from './offline-account'
import {
  isKeptPagesCache,
  isOfflineSongsCache,
  isSongDetailsUrl,
  offlineSongsCacheName,
  SAVED_SONGS_CHANGED,
  type SavedSong,
  songDetailsUrl,
} from './offline-rules'

/**
 * The songs a customer keeps for offline listening, in the browser's Cache Storage: the audio
 * file under its own URL (the service worker answers the player from it) and beside it the texts
 * the order page showed. One cache per account (offline-rules.ts).
 */

/** Cache Storage exists in secure contexts only (https, or the loopback address). */
export const canSaveOffline = (): boolean => typeof window !== 'undefined' && 'caches' in window

/** Tells the worker which songs to answer from the caches now. */
function songsChanged(): void {
  void navigator.serviceWorker?.ready.then((registration) => registration.active?.postMessage({ type: SAVED_SONGS_CHANGED }))
}

const absolute = (url: string): string => new URL(url, window.location.href).href

/** Downloads the whole song (as the logged-in customer) and keeps it; answers what the list shows of it. */
export async function saveSong(accountId: number, song: Omit<SavedSong, 'bytes'>): Promise<SavedSong> {
  const url = absolute(song.url)
  const response = await apiFetch(url)
  if (!response.ok) throw new Error(`${song.url} answered ${response.status}`)
  const audio = await response.blob()
  const cache = await caches.open(offlineSongsCacheName(accountId))
  const type = audio.type || response.headers.get('Content-Type') || 'application/octet-stream'
  await cache.put(url, new Response(audio, { headers: { 'Content-Type': type, 'Content-Length': String(audio.size) } }))
  const saved: SavedSong = { ...song, url, bytes: audio.size }
  await cache.put(songDetailsUrl(url), Response.json(saved))
  songsChanged()
  return saved
}

/**
 * A saved song's details, if it is kept whole. Read with `caches.match` and the cache's name,
 * which never creates the cache (`caches.open` would, also just after the service worker deleted
 * it on a change of account).
 */
async function savedIn(cacheName: string, detailsRequest: Request | string): Promise<SavedSong | null> {
  const details = await caches.match(detailsRequest, { cacheName })
  if (!details) return null
  const song = (await details.json()) as SavedSong
  return (await caches.match(song.url, { cacheName })) ? song : null
}

export async function savedSong(accountId: number, url: string): Promise<SavedSong | null> {
  return savedIn(offlineSongsCacheName(accountId), songDetailsUrl(absolute(url)))
}

/**
 * The account's saved songs. Without an account (the offline page does not know who is logged
 * in), those of the account the offline data belongs to (offline-account.ts), never another's.
 */
export async function savedSongs(accountId: number | null): Promise<{ cacheName: string; song: SavedSong }[]> {
  const account = accountId === null ? await knownAccount() : String(accountId)
  if (!account || !(await caches.has(offlineSongsCacheName(account)))) return []
  const cacheName = offlineSongsCacheName(account)
  const details = (await (await caches.open(cacheName)).keys()).filter((request) => isSongDetailsUrl(request.url))
  const songs = await Promise.all(details.map((request) => savedIn(cacheName, request)))
  return songs.filter((song) => song !== null).map((song) => ({ cacheName, song }))
}

/** Removes a saved song (`cacheName`: its account's, offlineSongsCacheName). */
export async function removeSong(cacheName: string, url: string): Promise<void> {
  const cache = await caches.open(cacheName)
  await Promise.all([cache.delete(url), cache.delete(songDetailsUrl(url))])
  songsChanged()
}

/**
 * Forgets what the browser kept of an account on logout: the saved songs and the visited pages
 * (rendered for whoever was logged in). A session that ends otherwise is forgotten by the worker
 * on the next page loaded (src/sw.ts).
 */
export async function forgetAccountData(): Promise<void> {
  if (!canSaveOffline()) return
  const names = (await caches.keys()).filter((name) => isOfflineSongsCache(name) || isKeptPagesCache(name))
  await Promise.all(names.map((name) => caches.delete(name)))
  songsChanged()
}
