import { pbkdf2, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const pbkdf2Async = promisify(pbkdf2)

/*
 * Payload's check of a password against a stored hash (payload/dist/auth/strategies/local/
 * authenticate.js and generatePasswordSaltHash.js, version 3.90), which the package does not
 * export: PBKDF2-SHA256 over the hex salt, 600000 rounds and 32 bytes for hashes marked
 * `pbkdf2-sha256-v1:`, 25000 rounds and 512 bytes for older ones. tests/security/accounts-*
 * prove it accepts the passwords Payload stored.
 */
const CURRENT_PREFIX = 'pbkdf2-sha256-v1:'

export async function passwordMatches(password: string, stored: Record<string, unknown>): Promise<boolean> {
  const { hash, salt } = stored
  if (typeof hash !== 'string' || typeof salt !== 'string') return false
  const current = hash.startsWith(CURRENT_PREFIX)
  const expected = Buffer.from(current ? hash.slice(CURRENT_PREFIX.length) : hash, 'hex')
  const actual = await pbkdf2Async(password, salt, current ? 600_000 : 25_000, current ? 32 : 512, 'sha256')
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
