import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'

/*
 * How a password-reset token is kept. Payload's forgotPassword makes the token; the database keeps
 * only its SHA-256 (users.resetPasswordToken, written by collections/Users/hooks/passwordReset.ts), so a
 * copy of the database resets no password. The clear token goes into the one mail that carries
 * the link: queued with the request, it travels in the mail's record sealed with AES-256-GCM under
 * a key derived from PAYLOAD_SECRET (a database copy alone cannot open it), and the mail job drops
 * it from the record once the mail is sent.
 */

/** A plain SHA-256 suffices: Payload's token is 160 random bits, nothing to guess from a dictionary. */
export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/** What a stored value looks like: the hex SHA-256 of a token (never a token itself). */
export const isResetTokenHash = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)

const keyFrom = (secret: string): Buffer => Buffer.from(hkdfSync('sha256', secret, 'password-reset-mail', 'sealed reset token', 32))

/** The token sealed for the mail's record: base64url of iv (12 bytes), tag (16) and ciphertext. */
export function sealResetToken(token: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv)
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
}

/** The clear token, or null when `sealed` is missing, damaged or sealed under another secret. */
export function openResetToken(sealed: unknown, secret: string): string | null {
  if (typeof sealed !== 'string' || sealed.length > 400) return null
  const bytes = Buffer.from(sealed, 'base64url')
  if (bytes.length <= 28) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
