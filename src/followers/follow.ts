import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'
import type { Follower } from '../../payload-types'
import { takeSlots } from '@/auth/rate-limit'
import { addressFingerprint } from '@/http/client-address'
import type { Locale } from '@/i18n/locales'
import { queueMail } from '@/mail/queue-mail'
import { EMAIL_MAX_LENGTH, isEmailAddress } from '@/rules/email'
import { FOLLOW_REPEAT_QUIET_HOURS, type FollowerSource } from '@/rules/followers'
import { FOLLOW_RATE } from '@/rules/limits'
import { type Outcome, refuse } from '@/site/outcome'
import { insideTransaction } from '@/site/outside-transactions'
import { sql, transactionDatabase } from '@/site/transaction'
import { FOLLOW_CONSENT_VERSION, followConsentText } from './consent'
import { queueFollowerMail } from '@/mail/queue-follower-mail'
import { CONFIRMATION_TOKEN_PATTERN, hashFollowToken, isUnsubscribeTokenOf, unsubscribeTokenId } from '@/mail/follower-tokens'

/*
 * Following by e-mail, with double opt-in (§ 7 UWG, Art. 7 (1) GDPR): a sign-up stores a pending
 * row with the consent as proof and queues one confirmation mail; only its link (48 hours, once)
 * confirms the address, and only confirmed followers ever get anything else. The answer to a
 * sign-up is the same whether the address is new, pending or confirmed (no enumeration), and
 * asking again within a day sends nothing new.
 */

export type FollowProblemCode = 'invalid_request' | 'invalid_email' | 'consent_missing' | 'too_many_requests' | 'invalid_token'

export type FollowRequest = {
  email: unknown
  /** The consent box: true, or the form's "on". */
  consent: unknown
  locale: Locale
  source: FollowerSource
  /** The logged-in customer who signs up (one click, checkout). */
  user?: number | null
}

/** An accepted sign-up: the address (trimmed, lower case) and who asked. */
export type SignUp = Omit<FollowRequest, 'email' | 'consent'> & { email: string }

const consentGiven = (value: unknown) => value === true || value === 'on' || value === 'true'

/** The one answer to every accepted sign-up, whatever the address's state. */
export const FOLLOW_REQUESTED = 'Thank you! If this address is not confirmed yet, a mail with a confirmation link is on its way. It works for 48 hours.'

/**
 * Before the answer: checks a sign-up and counts it against the rate limits. Whether the address
 * is new, pending or confirmed is not looked at here: the route answers at once and leaves
 * `signUp` to after the answer, so neither the words nor the time of the answer tell them apart.
 */
export async function acceptFollowRequest(payload: Payload, input: FollowRequest, clientAddress: string): Promise<Outcome<SignUp, FollowProblemCode>> {
  const given = typeof input.email === 'string' ? input.email.trim().toLowerCase() : ''
  if (!given || given.length > EMAIL_MAX_LENGTH || !isEmailAddress(given))
    return refuse(400, 'Please enter a valid e-mail address.', { code: 'invalid_email', field: 'email' })
  if (!consentGiven(input.consent)) {
    return refuse(400, 'Please tick the box to agree to the mails.', { code: 'consent_missing', field: 'consent' })
  }
  const slot = await takeSlots(payload, [
    { key: `follow-address:${addressFingerprint(clientAddress, payload.secret)}`, max: FOLLOW_RATE.perClientAddress, windowMinutes: FOLLOW_RATE.windowMinutes },
    { key: `follow-email:${addressFingerprint(given, payload.secret)}`, max: FOLLOW_RATE.perTargetAddress, windowMinutes: FOLLOW_RATE.windowMinutes },
  ])
  if (!slot) return refuse(429, 'Too many sign-ups just now. Please try again later.', { code: 'too_many_requests', retryAfterSeconds: 600 })
  return { ok: true, value: { email: given, locale: input.locale, source: input.source, user: input.user ?? null } }
}

/** Runs `work` in a short transaction of its own (no other service is called in it). */
async function inTransaction<T>(payload: Payload, what: string, work: (req: PayloadRequest) => Promise<T>): Promise<T> {
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  try {
    const result = await insideTransaction(what, () => work(req))
    await commitTransaction(req)
    return result
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}

/** The address's sign-ups one after the other: two at once must not both make a row. */
async function lockAddress(payload: Payload, req: PayloadRequest, email: string): Promise<void> {
  const database = await transactionDatabase(payload, req)
  await database.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`follower:${email}`}, 0))`)
}

/** The pending or confirmed sign-up of an address (at most one: a partial unique index, migrations/). */
async function activeSignUp(payload: Payload, req: PayloadRequest, email: string): Promise<Follower | undefined> {
  const { docs } = await payload.find({
    collection: 'followers',
    where: { and: [{ email: { equals: email } }, { status: { in: ['pending', 'confirmed'] } }] },
    limit: 1,
    depth: 0,
    pagination: false,
    req,
  })
  return docs[0]
}

/**
 * The sign-up itself (also the CSV import's, and a logged-in customer's): a new pending row and
 * its confirmation mail; a pending one asked for again after a day gets the new consent and a
 * new mail; within a day, or for a confirmed address, nothing. Returns whether a mail was queued.
 */
export async function signUp(payload: Payload, input: SignUp): Promise<boolean> {
  const { email, locale, source, user } = input
  return inTransaction(payload, `the sign-up of a follower`, async (req) => {
    await lockAddress(payload, req, email)
    const existing = await activeSignUp(payload, req, email)
    const now = new Date()
    const quietSince = new Date(now.getTime() - FOLLOW_REPEAT_QUIET_HOURS * 3_600_000).toISOString()
    if (existing && (existing.status === 'confirmed' || (existing.confirmation_sent_at ?? existing.requested_at) > quietSince)) return false
    const consent = { consent_text: followConsentText(locale), consent_version: FOLLOW_CONSENT_VERSION, locale, requested_at: now.toISOString() }
    const follower = existing
      ? await payload.update({ collection: 'followers', id: existing.id, data: { ...consent, confirmation_sent_at: now.toISOString() }, depth: 0, req })
      : await payload.create({
          collection: 'followers',
          data: { email, status: 'pending', source, user: user ?? null, ...consent, confirmation_sent_at: now.toISOString() },
          depth: 0,
          req,
        })
    await queueMail(payload, req, { template: 'follow-confirm', to: email, locale, data: { follower: follower.id } })
    return true
  })
}

const INVALID_CONFIRMATION = refuse<FollowProblemCode>(400, 'This confirmation link is invalid or has expired. Please sign up again.', {
  code: 'invalid_token',
})

/** POST /api/followers/confirm/ {token}: confirms the pending sign-up of the token (once, within 48 hours) and sends the welcome mail. */
export async function confirmFollow(payload: Payload, token: unknown): Promise<Outcome<{ email: string; locale: Locale }, FollowProblemCode>> {
  if (typeof token !== 'string' || !CONFIRMATION_TOKEN_PATTERN.test(token)) return INVALID_CONFIRMATION
  const tokenHash = hashFollowToken(token)
  const confirmed = await inTransaction(payload, 'the confirmation of a follower', async (req) => {
    const now = new Date().toISOString()
    // The token's row, claimed in one statement: a second use finds the hash gone.
    const row = await payload.db.updateOne({
      collection: 'followers',
      where: { and: [{ token_hash: { equals: tokenHash } }, { token_expires_at: { greater_than: now } }, { status: { equals: 'pending' } }] },
      data: { status: 'confirmed', confirmed_at: now, token_hash: null, token_expires_at: null, updatedAt: now },
      options: { atomic: true },
      returning: true,
      req,
    })
    if (!row) return null
    const follower = row as unknown as Follower
    await queueFollowerMail(payload, req, follower, { template: 'follow-welcome', data: {} })
    return follower
  })
  if (!confirmed) return INVALID_CONFIRMATION
  return { ok: true, value: { email: confirmed.email, locale: confirmed.locale } }
}

/** The follower a signed unsubscribe token names, or null (a forged, changed or stale token, or a deleted follower). */
export async function followerOfToken(payload: Payload, token: unknown): Promise<Follower | null> {
  const id = unsubscribeTokenId(token)
  if (id === null) return null
  const follower = await payload.findByID({ collection: 'followers', id, depth: 0, disableErrors: true, overrideAccess: true })
  return follower && isUnsubscribeTokenOf(token as string, follower, payload.secret) ? follower : null
}

const INVALID_UNSUBSCRIBE = refuse<FollowProblemCode>(
  404,
  'This unsubscribe link is not valid (any more). If you still receive mails, reply to one of them and we will unsubscribe you by hand.',
  { code: 'invalid_token' },
)

/**
 * The one-click unsubscribe (the mail's link, its page, and RFC 8058's POST): with the follower's
 * signed token, no login. An unsubscribed address gets nothing more; a new sign-up needs a new
 * confirmation. Unsubscribing twice answers the same.
 */
export async function unsubscribeFollower(payload: Payload, token: unknown): Promise<Outcome<{ email: string; locale: Locale }, FollowProblemCode>> {
  const follower = await followerOfToken(payload, token)
  if (!follower) return INVALID_UNSUBSCRIBE
  if (follower.status !== 'unsubscribed') {
    const now = new Date().toISOString()
    await payload.db.updateOne({
      collection: 'followers',
      where: { and: [{ id: { equals: follower.id } }, { status: { not_equals: 'unsubscribed' } }] },
      data: { status: 'unsubscribed', unsubscribed_at: now, token_hash: null, token_expires_at: null, updatedAt: now },
      returning: false,
    })
  }
  return { ok: true, value: { email: follower.email, locale: follower.locale } }
}
