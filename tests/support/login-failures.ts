import { createHash } from 'node:crypto'
import pg from 'pg'
import { addressFingerprint } from '../../src/http/client-address'

/** The address the browser tests reach the shop from (Chromium cannot choose its source address). */
export const BROWSER_ADDRESS = '127.0.0.1'

/**
 * Browser tests that fail a login on purpose count against 127.0.0.1, which every other browser
 * test shares; they forget their own failures afterwards so the whole suite never nears the
 * per-address limit. The one place that knows how failures are stored (src/auth/login-limit.ts):
 * adapt it when that storage changes. Payload's key is sha256(PAYLOAD_SECRET), first 32 hex chars.
 */
export async function forgetLoginFailuresFrom(address = BROWSER_ADDRESS): Promise<void> {
  const secret = createHash('sha256').update(process.env.PAYLOAD_SECRET!).digest('hex').slice(0, 32)
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query('DELETE FROM login_failures WHERE address_fingerprint = $1', [addressFingerprint(address, secret)])
  } finally {
    await client.end()
  }
}
