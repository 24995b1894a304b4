import { createHash, randomBytes } from 'node:crypto'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'
import { type Outcome, refuse } from '../site/outcome'
import { publicOrigin } from '../site/public-url'
import { lockAccount } from './account-lock'

/*
 * Confirming a customer's e-mail address: the welcome mail after the registration (and a mail
 * after every change of the address, or when the customer asks again) carries a link with a
 * random token. The token is made when the mail is sent (in the mail job) and exists only in the
 * sent mail: the collection email-confirmation-links keeps its SHA-256 with the address and an
 * expiry, the mail's record keeps its text without the link (src/mail/account-parts.ts), so a copy
 * of the database confirms nothing. The link opens /confirm-email, which confirms by an explicit
 * POST: mail scanners open GET links on their own. An unconfirmed address can log in and order.
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
 * In the mail job: a fresh link for the account, replacing its earlier ones, or null when the
 * account is gone, already confirmed, or no longer uses `email` (the address the mail goes to).
 */
export async function issueConfirmationLink(payload: Payload, userId: number, email: string): Promise<string | null> {
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  try {
    // The account's lock: two mails sent at once issue their links one after the other, so the
    // later one really replaces the earlier (without it, each would miss the other's new link).
    await lockAccount(payload, req, userId)
    const { docs } = await payload.find({ collection: 'users', where: { id: { equals: userId } }, limit: 1, depth: 0, pagination: false, req })
    const account = docs[0]
    if (!account || account.email_confirmed_at || account.email !== email) {
      await commitTransaction(req)
      return null
    }
    const { token, tokenHash, expiresAt } = newConfirmationToken()
    // The account's earlier links, and anybody's expired ones, go.
    await payload.db.deleteMany({
      collection: 'email-confirmation-links',
      where: { or: [{ user: { equals: userId } }, { expires_at: { less_than: new Date().toISOString() } }] },
      req,
    })
    await payload.create({ collection: 'email-confirmation-links', data: { user: userId, email, token_hash: tokenHash, expires_at: expiresAt }, depth: 0, req })
    await commitTransaction(req)
    return `${publicOrigin()}/confirm-email?token=${token}`
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}

/** A changed address voids the account's pending links (in the transaction of the change). */
export async function forgetConfirmationLinks(payload: Payload, userId: number, req: PayloadRequest): Promise<void> {
  await payload.db.deleteMany({ collection: 'email-confirmation-links', where: { user: { equals: userId } }, req })
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/

export type ConfirmationProblemCode = 'invalid_request' | 'invalid_token' | 'already_confirmed' | 'too_many_requests'
/** The confirmed (or, for a new link, the unconfirmed) address. */
export type ConfirmationOutcome = Outcome<{ email: string }, ConfirmationProblemCode>

const INVALID_TOKEN = refuse<ConfirmationProblemCode>(
  400,
  'This confirmation link is invalid or has expired. You can ask for a new one on your account page.',
  { code: 'invalid_token' },
)

/** POST /api/accounts/confirm-email/ {token}: marks the address of the token's account as confirmed; a token works once. */
export async function confirmEmail(payload: Payload, input: unknown): Promise<ConfirmationOutcome> {
  const token = (input as { token?: unknown } | null)?.token
  if (!input || typeof input !== 'object' || typeof token !== 'string')
    return refuse(400, 'Expected a JSON object with the token from the link.', { code: 'invalid_request' })
  if (!TOKEN.test(token)) return INVALID_TOKEN
  const now = new Date().toISOString()
  const { docs } = await payload.find({
    collection: 'email-confirmation-links',
    where: { and: [{ token_hash: { equals: hashConfirmationToken(token) } }, { expires_at: { greater_than: now } }] },
    limit: 1,
    depth: 0,
    pagination: false,
  })
  const link = docs[0]
  if (!link) return INVALID_TOKEN
  const userId = link.user
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  try {
    // Under the account's lock: a login or refresh that read the row before would otherwise
    // write it back unconfirmed afterwards (issue 28).
    await lockAccount(payload, req, userId)
    // Only while the account still has the address the link went to.
    const confirmed = await payload.db.updateOne({
      collection: 'users',
      where: { and: [{ id: { equals: userId } }, { email: { equals: link.email } }] },
      data: { email_confirmed_at: now, updatedAt: now },
      options: { atomic: true },
      returning: true,
      req,
    })
    await payload.db.deleteMany({ collection: 'email-confirmation-links', where: { user: { equals: userId } }, req })
    await commitTransaction(req)
    if (!confirmed) return INVALID_TOKEN
    return { ok: true, value: { email: link.email } }
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}

/** "Send the link again": a few per account and hour, so nobody fills an inbox through it. */
export const NEW_LINK_LIMIT = { perAccount: 3, windowMinutes: 60 } as const
