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

type PgPool = { end: () => Promise<void>; _clients?: { release?: () => void }[] }

/**
 * Payload's destroy() leaves the pg pool open, and the adapter's connect() checks one client
 * out to test the connection and never releases it, so pool.end() alone never settles.
 * Release every client first (an idle one refuses a second release, which is fine), then end.
 */
export async function closePayload(payload: Payload): Promise<void> {
  const pool = (payload.db as unknown as { pool?: PgPool }).pool
  await payload.destroy()
  if (!pool) return
  for (const client of [...(pool._clients ?? [])]) {
    try {
      client.release?.()
    } catch {
      // already idle
    }
  }
  await pool.end()
}
