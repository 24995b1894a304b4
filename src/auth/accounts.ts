import type { Payload } from 'payload'
import { COMMON_PASSWORDS } from './common-passwords'

export const MIN_PASSWORD_LENGTH = 8
const USERNAME = /^[\p{L}\p{N}._-]{3,30}$/u
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export type Registration = { username: string; email: string; password: string }

/** Why a registration was refused: a code the storefront translates, and a plain English detail. */
export type RegistrationProblem = { code: RegistrationProblemCode; detail: string }
export type RegistrationProblemCode =
  | 'invalid_request'
  | 'invalid_username'
  | 'invalid_email'
  | 'password_too_short'
  | 'password_too_long'
  | 'password_too_common'
  | 'username_taken'
  | 'email_taken'

const problem = (code: RegistrationProblemCode, detail: string): RegistrationProblem => ({ code, detail })

/** The first problem with a registration, or null (Payload checks again on create). */
export function registrationProblem(input: unknown): RegistrationProblem | null {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return problem('invalid_request', 'Expected a JSON object with username, email and password.')
  const { username, email, password } = input as Record<string, unknown>
  if (typeof username !== 'string' || !USERNAME.test(username.trim()))
    return problem('invalid_username', 'Please choose a username of 3 to 30 letters, digits, dots, hyphens or underscores.')
  if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email.trim()))
    return problem('invalid_email', 'Please enter a valid e-mail address.')
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH)
    return problem('password_too_short', `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`)
  if (password.length > 200) return problem('password_too_long', 'The password is too long.')
  if (COMMON_PASSWORDS.has(password.toLowerCase()))
    return problem('password_too_common', 'This password is too common; please choose another one.')
  return null
}

/** Which of username and e-mail an existing account already uses, if any. */
async function takenField(payload: Payload, { username, email }: Registration): Promise<RegistrationProblem | null> {
  const [byName, byEmail] = await Promise.all([
    payload.count({ collection: 'users', where: { username: { equals: username } } }),
    payload.count({ collection: 'users', where: { email: { equals: email.toLowerCase() } } }),
  ])
  if (byName.totalDocs > 0) return problem('username_taken', 'This username is already taken.')
  if (byEmail.totalDocs > 0) return problem('email_taken', 'An account with this e-mail address already exists.')
  return null
}

export type RegistrationOutcome = { ok: true; user: { id: number; username: string; email: string } } | ({ ok: false } & RegistrationProblem)

/** Creates a customer account (never an admin: the role field is closed to visitors). */
export async function registerCustomer(payload: Payload, input: unknown): Promise<RegistrationOutcome> {
  const refused = registrationProblem(input)
  if (refused) return { ok: false, ...refused }
  const registration = input as Registration
  const data = { username: registration.username.trim(), email: registration.email.trim().toLowerCase(), password: registration.password }
  const taken = await takenField(payload, data)
  if (taken) return { ok: false, ...taken }
  const user = await payload.create({ collection: 'users', data: { ...data, role: 'customer' }, overrideAccess: false })
  return { ok: true, user: { id: user.id, username: user.username ?? data.username, email: user.email } }
}
