import { COMMON_PASSWORDS } from './common-passwords'

/** A new password's length; the upper bound only keeps hashing cheap. */
export const PASSWORD_LENGTH = { min: 8, max: 200 } as const

export type PasswordProblemCode = 'password_too_short' | 'password_too_long' | 'password_too_common'

/** What is wrong with a new password, or null: the same rules wherever a password is set. */
export function passwordProblemCode(password: string): PasswordProblemCode | null {
  if (password.length < PASSWORD_LENGTH.min) return 'password_too_short'
  if (password.length > PASSWORD_LENGTH.max) return 'password_too_long'
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'password_too_common'
  return null
}
