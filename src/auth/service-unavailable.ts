/** The answer when the database cannot be reached: never "wrong password", never a bare 500. */
export const SERVICE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a few minutes.'

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'])

/**
 * True for an error that came from the database or the connection to it: a PostgreSQL error
 * (five-character SQLSTATE code) or a socket error, also when wrapped (Drizzle keeps it as `cause`).
 */
export function isDatabaseError(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || CONNECTION_CODES.has(code))) return true
    if (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(message)) return true
  }
  return false
}
