import type { Payload } from 'payload'
import { getPayload } from 'payload'

/**
 * Payload's Local API for a script. The config is imported only now, after the script has
 * set DATABASE_URL and PAYLOAD_SECRET, because it reads them when it loads.
 */
export async function openPayload(): Promise<Payload> {
  const { default: config } = await import('../../payload.config')
  return getPayload({ config })
}

/**
 * Payload's destroy() leaves the pg pool open, and the adapter keeps one client checked out,
 * so pool.end() alone never settles. Close what can be closed and give up waiting after a moment;
 * callers that are scripts exit explicitly afterwards.
 */
export async function closePayload(payload: Payload): Promise<void> {
  const pool = (payload.db as unknown as { pool?: { end: () => Promise<void> } }).pool
  await payload.destroy()
  if (pool) await Promise.race([pool.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1000))])
}
