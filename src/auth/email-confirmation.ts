import { createHash, randomBytes } from 'node:crypto'
import type { Payload, TypedUser } from 'payload'
import { publicOrigin } from '../site/public-url'
import { takeSlots } from './rate-limit'

/*
 * Confirming a customer's e-mail address: the welcome mail after the registration (and a mail
 * after every change of the address, or when the customer asks again) carries a link with a
 * random token; only its SHA-256 is stored on the account, with an expiry, so a copy of the
 * database confirms nothing. The link opens /confirm-email, which confirms by an explicit POST:
 * mail scanners open GET links on their own. An unconfirmed address can still log in and order.
 */

/** How long a confirmation link works. */
export const CONFIRMATION_LINK_DAYS = 7

/** A request context flag: this update of a user asks for a fresh confirmation link (see collections/hooks/emailConfirmation.ts). */
export const NEW_CONFIRMATION_LINK = 'newConfirmationLink'

export type ConfirmationToken = { token: string; tokenHash: string; expiresAt: string }

/** A random token (32 bytes, URL-safe) with the hash and expiry the account stores. */
export function newConfirmationToken(now = Date.now()): ConfirmationToken {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashConfirmationToken(token), expiresAt: new Date(now + CONFIRMATION_LINK_DAYS * 86_400_000).toISOString() }
}

/** A plain SHA-256 suffices: the token is 256 random bits, nothing to guess from a dictionary. */
export const hashConfirmationToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/** The link in the mail: the storefront page that confirms by POST. */
export const confirmationLink = (token: string): string => `${publicOrigin()}/confirm-email?token=${encodeURIComponent(token)}`

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/

export type ConfirmationProblemCode = 'invalid_request' | 'invalid_token' | 'already_confirmed' | 'too_many_requests'
export type ConfirmationRefusal = { ok: false; status: 400 | 409 | 429; code: ConfirmationProblemCode; detail: string }
export type ConfirmationOutcome = { ok: true; email: string } | ConfirmationRefusal

const refuse = (status: ConfirmationRefusal['status'], code: ConfirmationProblemCode, detail: string): ConfirmationRefusal => ({ ok: false, status, code, detail })

const INVALID_TOKEN = refuse(400, 'invalid_token', 'This confirmation link is invalid or has expired. You can ask for a new one on your account page.')

/** POST /api/accounts/confirm-email/ {token}: marks the address of the token's account as confirmed. */
export async function confirmEmail(payload: Payload, input: unknown): Promise<ConfirmationOutcome> {
  const token = (input as { token?: unknown } | null)?.token
  if (!input || typeof input !== 'object' || typeof token !== 'string') return refuse(400, 'invalid_request', 'Expected a JSON object with the token from the link.')
  if (!TOKEN.test(token)) return INVALID_TOKEN
  const { docs } = await payload.find({
    collection: 'users',
    where: {
      and: [
        { email_confirmation_token_hash: { equals: hashConfirmationToken(token) } },
        { email_confirmation_expires_at: { greater_than: new Date().toISOString() } },
      ],
    },
    limit: 1,
    depth: 0,
    pagination: false,
  })
  const account = docs[0]
  if (!account) return INVALID_TOKEN
  await payload.update({
    collection: 'users',
    id: account.id,
    data: { email_confirmed_at: new Date().toISOString(), email_confirmation_token_hash: null, email_confirmation_expires_at: null },
    depth: 0,
  })
  return { ok: true, email: account.email }
}

/** "Send the link again": a few per account and hour, so nobody mails an inbox full through it. */
export const NEW_LINK_LIMIT = { perAccount: 3, windowMinutes: 60 } as const

/** POST /api/accounts/confirm-email/resend/: a fresh link for the logged-in account's unconfirmed address. */
export async function sendNewConfirmationLink(payload: Payload, user: TypedUser): Promise<ConfirmationOutcome> {
  if (user.email_confirmed_at) return refuse(409, 'already_confirmed', 'Your e-mail address is already confirmed.')
  const slot = await takeSlots(payload, [{ key: `confirmation-link-account:${user.id}`, max: NEW_LINK_LIMIT.perAccount, windowMinutes: NEW_LINK_LIMIT.windowMinutes }])
  if (!slot) return refuse(429, 'too_many_requests', 'You have asked for several links just now. Please try again later.')
  // The users collection's hooks issue the token and queue the mail, in the update's transaction.
  const updated = await payload.update({ collection: 'users', id: user.id, data: {}, depth: 0, context: { [NEW_CONFIRMATION_LINK]: true } })
  return { ok: true, email: updated.email }
}
