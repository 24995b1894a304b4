import { APIError, type CollectionAfterChangeHook, type CollectionBeforeOperationHook, type CollectionBeforeValidateHook } from 'payload'
import { emailProblem, passwordProblem, usernameProblem, type RegistrationProblem } from '../../../src/auth/accounts'
import { passwordMatches } from '../../../src/auth/password-check'
import { isAdminUser } from '../../../src/auth/roles'

/** Fields only Payload itself writes; a REST or GraphQL body never sets them, not even the seller's. */
const SERVER_ONLY_FIELDS = [
  'hash',
  'salt',
  'sessions',
  'resetPasswordToken',
  'resetPasswordExpiration',
  '_verified',
  '_verificationToken',
  'loginAttempts',
  'lockUntil',
]

/** A refusal whose message reaches the caller (a ValidationError's would only name the field). */
class AccountRuleRefused extends APIError {
  constructor(field: string, message: string) {
    super(message, 400, { field }, true)
  }
}

const refuse = (path: string, message: string) => new AccountRuleRefused(path, message)
const refuseProblem = (path: string, problem: RegistrationProblem | null) => {
  if (problem) throw refuse(path, problem.detail)
}

const normalized = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value)
const changes = (data: Record<string, unknown>, originalDoc: Record<string, unknown> | undefined, field: string) =>
  data[field] !== undefined && normalized(data[field]) !== normalized(originalDoc?.[field])

/**
 * The registration's rules for username, e-mail and password hold wherever an account is written:
 * the storefront, Payload's REST (the seller's admin panel, a customer's PATCH) and the Local API.
 * Checked only when a value changes, so an account from before a rule can still be edited.
 */
export const enforceAccountRules: CollectionBeforeValidateHook = ({ data, operation, originalDoc, req }) => {
  // Payload's password reset passes its own stored row (hash included) without an originalDoc;
  // its new password is checked by checkResetPassword.
  if (!data || (operation === 'update' && !originalDoc)) return data
  if (req.payloadAPI !== 'local') for (const field of SERVER_ONLY_FIELDS) delete data[field]
  if (changes(data, originalDoc, 'username')) refuseProblem('username', usernameProblem(data.username))
  if (changes(data, originalDoc, 'email')) refuseProblem('email', emailProblem(data.email))
  if (data.password !== undefined && data.password !== null) refuseProblem('password', passwordProblem(data.password))
  return data
}

/** The same password rules for Payload's reset-password operation, which sets the hash directly. */
export const checkResetPassword: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation === 'resetPassword') refuseProblem('password', passwordProblem((args.data as { password?: unknown } | undefined)?.password))
  return args
}

export const CURRENT_PASSWORD_FIELD = 'current_password'

/**
 * A customer changing their own e-mail address or password proves it with the current password
 * (`current_password` in the body), so a stolen session cannot take the account over. The seller
 * editing a customer does not need it; neither does the server's own Local API without a user.
 */
export const requireCurrentPassword: CollectionBeforeValidateHook = async ({ data, operation, originalDoc, req }) => {
  if (!data) return data
  const given = data[CURRENT_PASSWORD_FIELD] ?? (req.data as Record<string, unknown> | undefined)?.[CURRENT_PASSWORD_FIELD]
  delete data[CURRENT_PASSWORD_FIELD]
  if (operation !== 'update' || !originalDoc || !req.user || isAdminUser(req.user)) return data
  const changesCredentials = (typeof data.password === 'string' && data.password !== '') || changes(data, originalDoc, 'email')
  if (!changesCredentials) return data
  if (typeof given !== 'string' || given === '')
    throw refuse(CURRENT_PASSWORD_FIELD, 'Please enter your current password to change your e-mail address or password.')
  if (!(await passwordMatches(req.payload, originalDoc.id, given))) throw refuse(CURRENT_PASSWORD_FIELD, 'The current password is not correct.')
  return data
}

/**
 * A new e-mail address ends the account's other sessions, as Payload itself does for a new
 * password; the session that made the change stays, so its owner is not logged out of the form.
 */
export const endOtherSessionsOnEmailChange: CollectionAfterChangeHook = async ({ doc, operation, previousDoc, req }) => {
  if (operation !== 'update' || normalized(doc.email) === normalized(previousDoc?.email)) return doc
  const stored = await req.payload.db.findOne<{ id: number; sessions?: { id: string }[] } & Record<string, unknown>>({
    collection: 'users',
    where: { id: { equals: doc.id } },
    req,
  })
  if (!stored?.sessions?.length) return doc
  const currentSid = req.user && String(req.user.id) === String(doc.id) ? (req.user as { _sid?: string })._sid : undefined
  await req.payload.db.updateOne({
    collection: 'users',
    id: doc.id,
    data: { ...stored, sessions: stored.sessions.filter((session) => session.id === currentSid) },
    req,
    returning: false,
  })
  return doc
}
