import { createHash, randomBytes } from 'node:crypto'
import type { Payload, TypedUser } from 'payload'
import { isLocale } from '../i18n/locales'
import { queueMail } from '../mail/queue-mail'
import { publicOrigin } from '../site/public-url'
import { takeSlots } from './rate-limit'

/*
 * Confirming a customer's e-mail address: the welcome mail after the registration (and a mail
 * after every change of the address, or when the customer asks again) carries a link with a
 * random token. The token is made when the mail is sent (in the mail job) and exists only in the
 * sent mail: the account stores its SHA-256 with an expiry, the mail's record keeps its text
 * without the link (src/mail/templates/confirmation-parts.ts), so a copy of the database confirms
 * nothing. The link opens /confirm-email, which confirms by an explicit POST: mail scanners open
 * GET links on their own. An unconfirmed address can still log in and order.
 */

/** How long a confirmation link works. */
export const CONFIRMATION_LINK_DAYS = 7

export type ConfirmationToken = { token: string; tokenHash: string; expiresAt: string }

/** A random token (32 bytes, URL-safe) with the hash and expiry the account stores. */
export function newConfirmationToken(now = Date.now()): ConfirmationToken {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashConfirmationToken(token), expiresAt: new Date(now + CONFIRMATION_LINK_DAYS * 86_400_000).toISOString() }
}

/** A plain SHA-256 suffices: the token is 256 random bits, nothing to guess from a dictionary. */
export const hashConfirmationToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/**
 * In the mail job: a fresh link for the account, replacing any earlier one, or null when the
 * account is gone, already confirmed, or no longer uses `email` (the address the mail goes to).
 * One conditional UPDATE, so an address changed in the meantime never gets a link for the new one.
 */
export async function issueConfirmationLink(payload: Payload, userId: number, email: string): Promise<string | null> {
  const { token, tokenHash, expiresAt } = newConfirmationToken()
  const updated = await payload.db.updateOne({
    collection: 'users',
    where: { and: [{ id: { equals: userId } }, { email: { equals: email } }, { email_confirmed_at: { exists: false } }] },
    data: { email_confirmation_token_hash: tokenHash, email_confirmation_expires_at: expiresAt },
    options: { atomic: true },
    returning: true,
  })
  return updated ? `${publicOrigin()}/confirm-email?token=${token}` : null
}

/** Queues the mail with a confirmation link (the link itself is made when it is sent). */
export async function queueConfirmationMail(
  payload: Payload,
  req: Parameters<typeof queueMail>[1],
  template: 'welcome' | 'confirm-email',
  user: { id: number; email: string; locale?: string | null },
): Promise<void> {
  await queueMail(payload, req, { template, to: user.email, locale: isLocale(user.locale) ? user.locale : 'de', data: { user: user.id, email: user.email } })
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/

export type ConfirmationProblemCode = 'invalid_request' | 'invalid_token' | 'already_confirmed' | 'too_many_requests'
export type ConfirmationRefusal = { ok: false; status: 400 | 409 | 429; code: ConfirmationProblemCode; detail: string }
export type ConfirmationOutcome = { ok: true; email: string } | ConfirmationRefusal

const refuse = (status: ConfirmationRefusal['status'], code: ConfirmationProblemCode, detail: string): ConfirmationRefusal => ({ ok: false, status, code, detail })

const INVALID_TOKEN = refuse(400, 'invalid_token', 'This confirmation link is invalid or has expired. You can ask for a new one on your account page.')

/** POST /api/accounts/confirm-email/ {token}: marks the address of the token's account as confirmed; a token works once. */
export async function confirmEmail(payload: Payload, input: unknown): Promise<ConfirmationOutcome> {
  const token = (input as { token?: unknown } | null)?.token
  if (!input || typeof input !== 'object' || typeof token !== 'string') return refuse(400, 'invalid_request', 'Expected a JSON object with the token from the link.')
  if (!TOKEN.test(token)) return INVALID_TOKEN
  const now = new Date().toISOString()
  // One conditional UPDATE: two clicks at once confirm once, and an expired token never does.
  const confirmed = await payload.db.updateOne({
    collection: 'users',
    where: { and: [{ email_confirmation_token_hash: { equals: hashConfirmationToken(token) } }, { email_confirmation_expires_at: { greater_than: now } }] },
    data: { email_confirmed_at: now, email_confirmation_token_hash: null, email_confirmation_expires_at: null, updatedAt: now },
    options: { atomic: true },
    returning: true,
  })
  if (!confirmed) return INVALID_TOKEN
  return { ok: true, email: confirmed.email as string }
}

/** "Send the link again": a few per account and hour, so nobody fills an inbox through it. */
export const NEW_LINK_LIMIT = { perAccount: 3, windowMinutes: 60 } as const

/** POST /api/accounts/confirm-email/resend/: a fresh link for the logged-in account's unconfirmed address. */
export async function sendNewConfirmationLink(payload: Payload, user: TypedUser): Promise<ConfirmationOutcome> {
  if (user.email_confirmed_at) return refuse(409, 'already_confirmed', 'Your e-mail address is already confirmed.')
  const slot = await takeSlots(payload, [{ key: `confirmation-link-account:${user.id}`, max: NEW_LINK_LIMIT.perAccount, windowMinutes: NEW_LINK_LIMIT.windowMinutes }])
  if (!slot) return refuse(429, 'too_many_requests', 'You have asked for several links just now. Please try again later.')
  await queueConfirmationMail(payload, undefined, 'confirm-email', user)
  return { ok: true, email: user.email }
}
