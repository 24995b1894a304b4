import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { FOLLOW_CONFIRMATION_HOURS } from '@/rules/followers'

/*
 * The two tokens a follower's mails carry. The confirmation token is random and exists only in
 * the sent mail; the follower's row keeps its SHA-256 and expiry, and the mail's record keeps its
 * text without the link. The unsubscribe token is signed, not stored: an HMAC with the shop's
 * secret over the follower's id and address, so every mail to a follower can carry it and the
 * one-click POST needs no login and no CSRF token. It names one sign-up (a new sign-up is a new row).
 */

export type ConfirmationToken = { token: string; tokenHash: string; expiresAt: string }

/** A random token (32 bytes, URL-safe) with the hash and expiry the follower's row stores. */
export function newFollowConfirmationToken(now = Date.now()): ConfirmationToken {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashFollowToken(token), expiresAt: new Date(now + FOLLOW_CONFIRMATION_HOURS * 3_600_000).toISOString() }
}

/** A plain SHA-256 suffices: 256 random bits, nothing to guess from a dictionary. */
export const hashFollowToken = (token: string): string => createHash('sha256').update(token).digest('hex')

export const CONFIRMATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{40,60}$/

const signature = (id: number, email: string, secret: string) =>
  createHmac('sha256', secret).update(`follower-unsubscribe:${id}:${email.toLowerCase()}`).digest('base64url')

/** The follower's personal unsubscribe token: `<id>.<signature>`. */
export const unsubscribeToken = (follower: { id: number; email: string }, secret: string): string =>
  `${follower.id}.${signature(follower.id, follower.email, secret)}`

/** The follower id a token names, before its signature is checked against the stored address; null for a malformed token. */
export function unsubscribeTokenId(token: unknown): number | null {
  if (typeof token !== 'string' || token.length > 120) return null
  const match = /^(\d{1,12})\.[A-Za-z0-9_-]{43}$/.exec(token)
  return match ? Number(match[1]) : null
}

/** Whether `token` is the signed token of this follower (constant-time comparison). */
export function isUnsubscribeTokenOf(token: string, follower: { id: number; email: string }, secret: string): boolean {
  const expected = Buffer.from(unsubscribeToken(follower, secret))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
