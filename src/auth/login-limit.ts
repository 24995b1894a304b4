import type { Payload } from 'payload'
import { addressFingerprint } from '../http/client-address'
import { clearKey, releaseHits, takeDelayedSlot, takeSlots, type GrowingDelay } from './rate-limit'

/**
 * Two brakes on password guessing, both counted before the password is looked at:
 * - per client address: 20 failed logins in 15 minutes, then 429 until they age out (stops one
 *   place from trying many accounts);
 * - per account: 5 failures are free, then each further failure makes the next attempt wait
 *   2^k seconds (1, 2, 4 … capped at 5 minutes), answered 429 with Retry-After. There is no hard
 *   lock: a stranger can slow an account down but never shut its owner out, and the right
 *   password after the wait works. The same for customers and the seller.
 * A failure is counted when the attempt starts and taken back if the password was right, so a
 * parallel burst cannot slip past the count.
 */
export const LOGIN_FAILURE_LIMIT = { perAddress: 20, windowMinutes: 15 } as const
export const ACCOUNT_DELAY = { freeFailures: 5, maxDelaySeconds: 300, forgetAfterMinutes: 24 * 60 } as const

export const TOO_MANY_LOGIN_FAILURES = `Too many failed login attempts from your network. Please try again in ${LOGIN_FAILURE_LIMIT.windowMinutes} minutes.`
export const accountWaitMessage = (seconds: number) => `Too many failed login attempts for this account. Please wait ${seconds} seconds before trying again.`

export const addressKey = (payload: Payload, clientAddress: string) => `login-address:${addressFingerprint(clientAddress, payload.secret)}`
export const accountKey = (userId: number | string) => `login-account:${userId}`

const accountDelay = (userId: number | string): GrowingDelay => ({
  key: accountKey(userId),
  freeHits: ACCOUNT_DELAY.freeFailures,
  maxDelaySeconds: ACCOUNT_DELAY.maxDelaySeconds,
  windowMinutes: ACCOUNT_DELAY.forgetAfterMinutes,
})

export type LoginAttempt =
  { allowed: true; hitIds: number[] } | { allowed: false; reason: 'address' } | { allowed: false; reason: 'account'; waitSeconds: number }

/** Counts an attempt as failed in advance, or refuses it; `userId` null for an unknown name. */
export async function startLoginAttempt(payload: Payload, clientAddress: string, userId: number | string | null): Promise<LoginAttempt> {
  const addressHits = await takeSlots(payload, [
    { key: addressKey(payload, clientAddress), max: LOGIN_FAILURE_LIMIT.perAddress, windowMinutes: LOGIN_FAILURE_LIMIT.windowMinutes },
  ])
  if (!addressHits) return { allowed: false, reason: 'address' }
  if (userId === null) return { allowed: true, hitIds: addressHits }
  const account = await takeDelayedSlot(payload, accountDelay(userId))
  if ('waitSeconds' in account) {
    // Refused before the password check: not a failure of this address.
    await releaseHits(payload, addressHits)
    return { allowed: false, reason: 'account', waitSeconds: account.waitSeconds }
  }
  return { allowed: true, hitIds: [...addressHits, account.hitId] }
}

/** The password was right: the attempt was no failure, and the account's delay starts over. */
export async function loginSucceeded(payload: Payload, hitIds: number[], userId: number | string): Promise<void> {
  await releaseHits(payload, hitIds)
  await clearLoginDelay(payload, userId)
}

/**
 * Forgets an account's failed logins, so it can log in at once. Called when the seller unlocks
 * an account (Payload's unlock, REST or Local API) and after a password reset.
 */
export const clearLoginDelay = (payload: Payload, userId: number | string): Promise<void> => clearKey(payload, accountKey(userId))
