import { createHash } from 'node:crypto'
import pg from 'pg'
import { addressFingerprint } from '../../src/http/client-address'
import { loopbackAddressesHandedOut } from './http'

/**
 * Whose rate-limit hits (src/auth/rate-limit.ts) to forget: client addresses (every limit keyed
 * by one: logins, registrations, reset requests, contact and withdrawal senders), e-mail addresses
 * (reset requests and withdrawal receipts per address) and accounts (login delay, new
 * confirmation links).
 */
export type RateLimitOwners = { addresses?: readonly string[]; emails?: readonly string[]; accounts?: readonly (number | string)[] }

/**
 * Forgets the hits of the given owners only. The test files run beside each other on one
 * database, so forgetting every hit would undo the counts of a limit test running at that moment
 * (its 429s turn into 200s): an empty list of owners is refused. The limits shared by everyone
 * (`contact-overall`, `withdrawal-overall`) are never forgotten. Straight SQL, so the browser tests,
 * which do not load Payload, use it too; Payload's key is sha256(PAYLOAD_SECRET), its first 32 hex
 * characters.
 */
export async function forgetRateLimitHits({ addresses = [], emails = [], accounts = [] }: RateLimitOwners): Promise<void> {
  if (addresses.length + emails.length + accounts.length === 0)
    throw new Error('forgetRateLimitHits: name the addresses, e-mail addresses or accounts whose hits to forget (never all: other test files count on theirs)')
  const secret = createHash('sha256').update(process.env.PAYLOAD_SECRET!).digest('hex').slice(0, 32)
  // Keys end in the owner: `<limit>:<keyed hash of the address>` or `<limit>-account:<user id>`.
  const patterns = [
    ...addresses.map((address) => `%:${addressFingerprint(address, secret)}`),
    ...emails.map((email) => `%:${addressFingerprint(email.toLowerCase(), secret)}`),
    ...accounts.map((id) => `%-account:${Number(id)}`),
  ]
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query('DELETE FROM rate_limit_hits WHERE limit_key LIKE ANY($1::text[])', [patterns])
  } finally {
    await client.end()
  }
}

/** Forgets the hits of every address this test file took from ownLoopbackAddress(), and of the accounts given. */
export async function forgetOwnRateLimitHits(accounts: readonly (number | string)[] = []): Promise<void> {
  const addresses = loopbackAddressesHandedOut()
  if (addresses.length + accounts.length > 0) await forgetRateLimitHits({ addresses, accounts })
}
