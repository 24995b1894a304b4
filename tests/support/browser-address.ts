import { createHash } from 'node:crypto'
import pg from 'pg'
import { addressFingerprint } from '../../src/http/client-address'

/** The address the browser tests reach the shop from (Chromium cannot choose its source address). */
export const BROWSER_ADDRESS = '127.0.0.1'

/**
 * Every browser test comes from 127.0.0.1, so their registrations and failed logins share that
 * address's limits (src/auth/rate-limit.ts). Each browser test starts with them forgotten, so no
 * test depends on how many ran before it; the limits themselves are tested in Jest, from loopback
 * addresses of their own. Straight SQL: the Playwright runner does not load Payload. Payload's key is
 * sha256(PAYLOAD_SECRET), its first 32 hex characters.
 */
export async function forgetRateLimitHitsFrom(address = BROWSER_ADDRESS): Promise<void> {
  const secret = createHash('sha256').update(process.env.PAYLOAD_SECRET!).digest('hex').slice(0, 32)
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query("DELETE FROM rate_limit_hits WHERE limit_key LIKE '%' || $1", [addressFingerprint(address, secret)])
  } finally {
    await client.end()
  }
}
