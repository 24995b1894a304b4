import type { Payload } from 'payload'
import { addressFingerprint } from '../http/client-address'
import { type Outcome, refuse } from '../site/outcome'
import { publicOrigin } from '../site/public-url'
import { emailProblem, passwordProblem, type RegistrationProblemCode } from './accounts'
import { takeSlots } from './rate-limit'
import { hashResetToken, openResetToken } from './reset-token'

/*
 * Password reset through Payload's forgot-password flow: Payload makes the token (forgotPassword
 * with its own mail switched off) and the account stores only its SHA-256 (src/auth/reset-token.ts);
 * the shop mails the link to /reset-password, and Payload's resetPassword, given the hash of the
 * link's token, sets the new password, ends every session of the account and starts a new one for
 * the person who reset it. A new password or e-mail address ends an open link
 * (collections/Users/hooks/passwordReset.ts).
 */

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60

/**
 * Reset mails per e-mail address and per client address: enough for a customer who retries,
 * too few to fill a stranger's inbox or to probe many addresses.
 */
export const PASSWORD_RESET_LIMIT = { perEmail: 3, perAddress: 10, windowMinutes: 60 } as const

/** Where the queued reset mail carries its token, sealed (src/auth/reset-token.ts) until the mail is sent. */
export const SEALED_TOKEN = 'sealedToken'

/**
 * In the mail job: the link with the token the mail was queued with, or null when the mail
 * carries none (any more) or the token no longer opens the account: expired, used, replaced by a
 * newer request, or ended by a new password or e-mail address.
 */
export async function resetLinkIfOpen(payload: Payload, userId: number, sealed: unknown): Promise<string | null> {
  const token = openResetToken(sealed, payload.secret)
  if (!token) return null
  const stored = await payload.db.findOne<{ id: number } & Record<string, unknown>>({ collection: 'users', where: { id: { equals: userId } } })
  const expiresAt = stored?.resetPasswordExpiration
  if (stored?.resetPasswordToken !== hashResetToken(token) || typeof expiresAt !== 'string' || new Date(expiresAt).getTime() <= Date.now()) return null
  return `${publicOrigin()}/reset-password?token=${encodeURIComponent(token)}`
}

export type ResetProblemCode =
  'invalid_request' | 'invalid_email' | 'invalid_token' | 'too_many_requests' | Extract<RegistrationProblemCode, `password_${string}`>

/** The neutral answer to every well-formed request: whether an account has this address stays unsaid. */
export const RESET_REQUESTED = 'If an account uses this e-mail address, a link to set a new password is on its way. It works for one hour.'

/**
 * POST /api/accounts/password-reset/ {email}, before the answer: the input and the rate limits.
 * Whether an account has this address is not looked at here: the route answers the same 202 at
 * once and leaves the rest to `mailResetLink` (src/mail/account-mails.ts) after the answer (finding 9: the answer's timing
 * must not tell a known address from an unknown one).
 */
export async function acceptResetRequest(payload: Payload, input: unknown, clientAddress: string): Promise<Outcome<{ email: string }, ResetProblemCode>> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return refuse(400, 'Expected a JSON object with email.', { code: 'invalid_request' })
  const given = (input as { email?: unknown }).email
  const problem = emailProblem(given)
  if (problem) return refuse(400, problem.detail, { code: 'invalid_email' })
  const email = (given as string).trim().toLowerCase()

  const slot = await takeSlots(payload, [
    {
      key: `password-reset-email:${addressFingerprint(email, payload.secret)}`,
      max: PASSWORD_RESET_LIMIT.perEmail,
      windowMinutes: PASSWORD_RESET_LIMIT.windowMinutes,
    },
    {
      key: `password-reset-address:${addressFingerprint(clientAddress, payload.secret)}`,
      max: PASSWORD_RESET_LIMIT.perAddress,
      windowMinutes: PASSWORD_RESET_LIMIT.windowMinutes,
    },
  ])
  if (!slot) return refuse(429, 'Too many requests for a new password. Please try again later.', { code: 'too_many_requests' })
  return { ok: true, value: { email } }
}

export type PasswordResetOutcome = Outcome<{ token: string; username: string; next: '/account' | '/admin' }, ResetProblemCode>

const INVALID_TOKEN = refuse<ResetProblemCode>(400, 'This link to set a new password is invalid or has expired. Please ask for a new one.', {
  code: 'invalid_token',
})

/** What Payload's errors carry, read by shape (the route's bundle may hold its own copy of APIError). */
const errorStatus = (error: unknown): unknown => (error as { status?: unknown } | null)?.status

/**
 * POST /api/accounts/password-reset/confirm/ {token, password}: the registration's password rules,
 * then Payload's resetPassword, which ends the account's other sessions and logs the caller in.
 */
export async function setNewPassword(payload: Payload, input: unknown): Promise<PasswordResetOutcome> {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return refuse(400, 'Expected a JSON object with token and password.', { code: 'invalid_request' })
  const { token, password } = input as Record<string, unknown>
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(token)) return INVALID_TOKEN
  const weak = passwordProblem(password)
  if (weak) return refuse(400, weak.detail, { code: weak.code as ResetProblemCode })
  try {
    // The account stores the token's hash, so the hash is what Payload looks it up by.
    const result = await payload.resetPassword({
      collection: 'users',
      data: { token: hashResetToken(token), password: password as string },
      overrideAccess: false,
      context: { passwordResetRequest: true },
    })
    if (!result.token) throw new Error('Payload answered the password reset without a login token.')
    const { username, email, role } = result.user as { username?: string | null; email: string; role?: string }
    return { ok: true, value: { token: result.token, username: username ?? email, next: role === 'admin' ? '/admin' : '/account' } }
  } catch (error) {
    // Payload: 403 "Token is either invalid or has expired."
    if (errorStatus(error) === 403) return INVALID_TOKEN
    throw error
  }
}
