import { createHmac } from 'node:crypto'

/**
 * The caller's IP address, for rate limits. Next fills X-Forwarded-For with the socket address
 * when the request has none; a reverse proxy in front appends the address it saw. The last entry
 * is therefore the one nearest to us. (Without a proxy, a client can send its own header; so the
 * contact form also has a global cap, and logins also Payload's per-account lockout.)
 */
export const clientAddress = (request: Request): string => addressFromHeaders(request.headers)

/** The same, from the headers alone (inside Payload's hooks there is no web Request). */
export function addressFromHeaders(headers: Headers): string {
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return chain.at(-1) ?? 'unknown'
}

/** A keyed hash of a client address (the payload secret keys it), so rate limits store no raw IP. */
export const addressFingerprint = (clientAddress: string, secret: string): string =>
  createHmac('sha256', secret).update(clientAddress).digest('hex').slice(0, 32)
