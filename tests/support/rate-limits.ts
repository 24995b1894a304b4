import type { Where } from 'payload'
import { addressFingerprint } from '../../src/http/client-address'
import { testPayload } from './payload'

/**
 * Forgets the rate-limit hits of one client address (failed logins, registrations, contact
 * messages), or all hits when no address is given: for tests that fail logins on purpose and
 * must not leave the address (or the account) slowed down for the tests after them.
 */
export async function clearRateLimits(address?: string): Promise<void> {
  const payload = await testPayload()
  const where: Where = address ? { limit_key: { like: addressFingerprint(address, payload.secret) } } : { limit_key: { exists: true } }
  await payload.db.deleteMany({ collection: 'rate-limit-hits', where })
}

/** Forgets an account's failed logins (its growing delay). */
export async function clearAccountDelay(userId: number): Promise<void> {
  const payload = await testPayload()
  await payload.db.deleteMany({ collection: 'rate-limit-hits', where: { limit_key: { equals: `login-account:${userId}` } } })
}
