import type { Payload } from 'payload'
import { COMMON_PASSWORDS } from './common-passwords'

export const MIN_PASSWORD_LENGTH = 8
const USERNAME = /^[\p{L}\p{N}._-]{3,30}$/u
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export type Registration = { username: string; email: string; password: string }

/** The first problem with a registration, in plain words, or null (checked again by Payload). */
export function registrationProblem(input: unknown): string | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return 'Expected a JSON object with username, email and password.'
  const { username, email, password } = input as Record<string, unknown>
  if (typeof username !== 'string' || !USERNAME.test(username.trim()))
    return 'Please choose a username of 3 to 30 letters, digits, dots, hyphens or underscores.'
  if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email.trim())) return 'Please enter a valid e-mail address.'
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH)
    return `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`
  if (password.length > 200) return 'The password is too long.'
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'This password is too common; please choose another one.'
  return null
}

/** Which of username and e-mail an existing account already uses, if any. */
async function takenField(payload: Payload, { username, email }: Registration): Promise<string | null> {
  const [byName, byEmail] = await Promise.all([
    payload.count({ collection: 'users', where: { username: { equals: username } } }),
    payload.count({ collection: 'users', where: { email: { equals: email.toLowerCase() } } }),
  ])
  if (byName.totalDocs > 0) return 'This username is already taken.'
  if (byEmail.totalDocs > 0) return 'An account with this e-mail address already exists.'
  return null
}

export type RegistrationOutcome = { ok: true; user: { id: number; username: string; email: string } } | { ok: false; detail: string }

/** Creates a customer account (never an admin: the role field is closed to visitors). */
export async function registerCustomer(payload: Payload, input: unknown): Promise<RegistrationOutcome> {
  const problem = registrationProblem(input)
  if (problem) return { ok: false, detail: problem }
  const registration = input as Registration
  const data = { username: registration.username.trim(), email: registration.email.trim().toLowerCase(), password: registration.password }
  const taken = await takenField(payload, data)
  if (taken) return { ok: false, detail: taken }
  const user = await payload.create({ collection: 'users', data: { ...data, role: 'customer' }, overrideAccess: false })
  return { ok: true, user: { id: user.id, username: user.username ?? data.username, email: user.email } }
}
