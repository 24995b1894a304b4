import type { Payload } from 'payload'
import { addressFingerprint } from '../http/client-address'
import { isLocale, type Locale } from '../i18n/locales'
import { type Outcome, refuse } from '../site/outcome'
import { withSlots } from './rate-limit'
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../rules/email'
import { PASSWORD_LENGTH, type PasswordProblemCode, passwordProblemCode } from '../rules/passwords'
import { isUsername } from '../rules/usernames'

/** `locale`, optional: the language the customer registers in (their mails are written in it). */
export type Registration = { username: string; email: string; password: string; locale?: Locale }

/** Why a registration was refused: a code the storefront translates, and a plain English detail. */
export type RegistrationProblem = { code: RegistrationProblemCode; detail: string }
export type RegistrationProblemCode =
  'invalid_request' | 'invalid_username' | 'invalid_email' | PasswordProblemCode | 'username_taken' | 'email_taken' | 'too_many_registrations'

const problem = (code: RegistrationProblemCode, detail: string): RegistrationProblem => ({ code, detail })

/** The problem with a username, or null. */
export function usernameProblem(username: unknown): RegistrationProblem | null {
  if (typeof username !== 'string' || !isUsername(username.trim()))
    return problem('invalid_username', 'Please choose a username of 3 to 30 letters, digits, dots, hyphens or underscores.')
  return null
}

/** The problem with an e-mail address, or null. */
export function emailProblem(email: unknown): RegistrationProblem | null {
  if (typeof email !== 'string' || email.length > EMAIL_MAX_LENGTH || !isEmailAddress(email.trim()))
    return problem('invalid_email', 'Please enter a valid e-mail address.')
  return null
}

const PASSWORD_PROBLEMS: Record<PasswordProblemCode, string> = {
  password_too_short: `The password must have at least ${PASSWORD_LENGTH.min} characters.`,
  password_too_long: 'The password is too long.',
  password_too_common: 'This password is too common; please choose another one.',
}

/** The problem with a new password, or null: the same rules wherever a password is set (src/rules/passwords.ts). */
export function passwordProblem(password: unknown): RegistrationProblem | null {
  const code = typeof password === 'string' ? passwordProblemCode(password) : 'password_too_short'
  return code && problem(code, PASSWORD_PROBLEMS[code])
}

/** The first problem with a registration, or null (the users collection checks again on create). */
export function registrationProblem(input: unknown): RegistrationProblem | null {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return problem('invalid_request', 'Expected a JSON object with username, email and password.')
  const { username, email, password, locale } = input as Record<string, unknown>
  if (locale !== undefined && !isLocale(locale)) return problem('invalid_request', "The language must be 'de' or 'en'.")
  return usernameProblem(username) ?? emailProblem(email) ?? passwordProblem(password)
}

/** Which of username and e-mail an existing account already uses, if any (both are stored in lower case). */
async function takenField(payload: Payload, { username, email }: Registration): Promise<RegistrationProblem | null> {
  const [byName, byEmail] = await Promise.all([
    payload.count({ collection: 'users', where: { username: { equals: username.toLowerCase() } } }),
    payload.count({ collection: 'users', where: { email: { equals: email.toLowerCase() } } }),
  ])
  if (byName.totalDocs > 0) return TAKEN.username
  if (byEmail.totalDocs > 0) return TAKEN.email
  return null
}

const TAKEN = {
  username: problem('username_taken', 'This username is already taken.'),
  email: problem('email_taken', 'An account with this e-mail address already exists.'),
}

/**
 * A registration that lost a race: the unique index refused its username or e-mail (Payload's
 * ValidationError; read by shape, since the route's bundle may hold its own copy of the class).
 */
function takenByUniqueIndex(error: unknown): RegistrationProblem | null {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: { errors?: { path?: string }[] } }
  if (status !== 400 || !Array.isArray(data?.errors)) return null
  const paths = data.errors.map((entry) => entry.path)
  if (paths.includes('username')) return TAKEN.username
  if (paths.includes('email')) return TAKEN.email
  return null
}

/**
 * New accounts per client address and hour (answers that a name or address is taken included): generous for a household or an office behind one
 * router, small enough that nobody fills the disk with accounts. REGISTRATIONS_PER_ADDRESS_PER_HOUR
 * changes it (e.g. for a shop behind a shared proxy).
 */
export const REGISTRATION_LIMIT = {
  perAddress: Number(process.env.REGISTRATIONS_PER_ADDRESS_PER_HOUR) || 10,
  windowMinutes: 60,
} as const
const TOO_MANY_REGISTRATIONS = problem('too_many_registrations', 'Too many new accounts from your network. Please try again later.')

export type RegistrationOutcome = Outcome<{ id: number; username: string; email: string }, RegistrationProblemCode>

/**
 * Creates a customer account (never an admin: the role field is closed to visitors), in the
 * language given or else `visitorLocale`; the users collection queues the welcome mail.
 */
export async function registerCustomer(payload: Payload, input: unknown, clientAddress: string, visitorLocale: Locale): Promise<RegistrationOutcome> {
  const refused = registrationProblem(input)
  if (refused) return refuse(400, refused.detail, { code: refused.code })
  const registration = input as Registration
  const data = {
    username: registration.username.trim(),
    email: registration.email.trim().toLowerCase(),
    password: registration.password,
    locale: registration.locale ?? visitorLocale,
  }
  // Whether a name or an address is taken is said plainly (the storefront shows it; a new
  // customer must learn why), but every such answer costs a registration slot of the client
  // address like an account made: nobody can test addresses in bulk (issue 18, finding 9).
  const limit = {
    key: `register-address:${addressFingerprint(clientAddress, payload.secret)}`,
    max: REGISTRATION_LIMIT.perAddress,
    windowMinutes: REGISTRATION_LIMIT.windowMinutes,
  }
  const answered = await withSlots(payload, [limit], async (): Promise<RegistrationOutcome> => {
    const taken = await takenField(payload, data)
    if (taken) return refuse(400, taken.detail, { code: taken.code })
    try {
      const user = await payload.create({
        collection: 'users',
        data: { ...data, role: 'customer' },
        overrideAccess: false,
        context: { registrationForm: true },
      })
      return { ok: true, value: { id: user.id, username: user.username ?? data.username, email: user.email } }
    } catch (error) {
      const lostRace = takenByUniqueIndex(error)
      // Payload's own pre-check names `username` whichever of the two it found taken, so the
      // winner (committed by now) is asked which one it was.
      if (lostRace) {
        const { code, detail } = (await takenField(payload, data)) ?? lostRace
        return refuse(400, detail, { code })
      }
      throw error
    }
  })
  return answered ? answered.value : refuse(429, TOO_MANY_REGISTRATIONS.detail, { code: TOO_MANY_REGISTRATIONS.code })
}
