import { OFFLINE_ACCOUNT } from './offline-rules'

/**
 * Which account the offline data belongs to (the saved songs and the kept pages): the one the
 * service worker last confirmed (src/sw.ts), as a string id, null for nobody, undefined before it
 * knew anyone. Kept in Cache Storage beside the data, read by the worker and by the offline page.
 */
export async function knownAccount(): Promise<string | null | undefined> {
  const stored = await caches.match(OFFLINE_ACCOUNT.key, { cacheName: OFFLINE_ACCOUNT.cache })
  if (!stored) return undefined
  const { account } = (await stored.json()) as { account: string | null }
  return account
}

export async function recordAccount(account: string | null): Promise<void> {
  const cache = await caches.open(OFFLINE_ACCOUNT.cache)
  await cache.put(OFFLINE_ACCOUNT.key, Response.json({ account }))
}
