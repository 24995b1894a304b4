import type { Payload } from 'payload'
import { addressFingerprint } from '../http/client-address'

/**
 * Failed logins allowed from one client address per window, on top of Payload's per-account
 * lockout (5 attempts / 10 minutes, collections/Users.ts): that one stops guessing one account's
 * password, this one stops trying many accounts from one place.
 */
export const LOGIN_FAILURE_LIMIT = { perAddress: 20, windowMinutes: 15 } as const

/** Old entries are deleted now and then (on about one failure in this many), not on every one. */
const PRUNE_ONE_FAILURE_IN = 20

export const TOO_MANY_LOGIN_FAILURES = `Too many failed login attempts from your network. Please try again in ${LOGIN_FAILURE_LIMIT.windowMinutes} minutes.`

const windowStart = () => new Date(Date.now() - LOGIN_FAILURE_LIMIT.windowMinutes * 60_000).toISOString()

/*
 * The login-failures collection is the server's own bookkeeping about an address, not data a
 * visitor reads or writes on their own behalf, so these calls use the Local API without access
 * checks; the collection itself stays closed to everyone but the seller.
 */

/** True when this address has used up its failed logins for now. */
export async function loginBlockedFor(payload: Payload, clientAddress: string): Promise<boolean> {
  const { totalDocs } = await payload.count({
    collection: 'login-failures',
    where: {
      and: [
        { address_fingerprint: { equals: addressFingerprint(clientAddress, payload.secret) } },
        { createdAt: { greater_than: windowStart() } },
      ],
    },
  })
  return totalDocs >= LOGIN_FAILURE_LIMIT.perAddress
}

/**
 * Counts a failed login against the address. A successful login does not reset the count: an
 * attacker with one valid account could otherwise keep guessing the others.
 */
export async function recordLoginFailure(payload: Payload, clientAddress: string): Promise<void> {
  await payload.create({
    collection: 'login-failures',
    data: { address_fingerprint: addressFingerprint(clientAddress, payload.secret) },
  })
  if (Math.random() * PRUNE_ONE_FAILURE_IN < 1) await pruneLoginFailures(payload)
}

/** Deletes failures older than the window, which no longer count; directly in the database, without per-document hooks. */
export async function pruneLoginFailures(payload: Payload): Promise<void> {
  await payload.db.deleteMany({ collection: 'login-failures', where: { createdAt: { less_than: windowStart() } } })
}
