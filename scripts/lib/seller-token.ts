import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'

/**
 * Recognises the seller before a body is read, so only the seller gets the large upload cap.
 * Checks what Payload itself would accept: an HS256 token (payload-token cookie, or
 * `Authorization: JWT …` / `Bearer …`) signed with Payload's key, not expired, whose role claim
 * (saveToJWT on users.role) is 'admin'. Payload's key is sha256(PAYLOAD_SECRET) as hex, first 32
 * characters (node_modules/payload/dist/index.js), used as UTF-8 bytes by jose (auth/jwt.js).
 * Payload still checks the session and access afterwards; this only chooses a body cap.
 */
export function createSellerCheck(payloadSecret: string): (headers: IncomingHttpHeaders) => boolean {
  const key = Buffer.from(createHash('sha256').update(payloadSecret).digest('hex').slice(0, 32), 'utf8')
  return (headers) => tokensOf(headers).some((token) => roleOf(token, key) === 'admin')
}

function tokensOf(headers: IncomingHttpHeaders): string[] {
  const tokens: string[] = []
  const authorization = headers.authorization ?? ''
  const scheme = /^(?:JWT|Bearer) (.+)$/.exec(authorization)
  if (scheme) tokens.push(scheme[1]!.trim())
  for (const part of (headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === 'payload-token' && value.length) tokens.push(decodeURIComponent(value.join('=')))
  }
  return tokens
}

function roleOf(token: string, key: Buffer): string | undefined {
  const [header, claims, signature] = token.split('.')
  if (!header || !claims || !signature) return undefined
  try {
    if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'HS256') return undefined
    const expected = createHmac('sha256', key).update(`${header}.${claims}`).digest()
    const given = Buffer.from(signature, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { exp?: number; role?: unknown; collection?: unknown }
    if (typeof body.exp !== 'number' || body.exp * 1000 < Date.now()) return undefined
    return body.collection === 'users' && typeof body.role === 'string' ? body.role : undefined
  } catch {
    return undefined
  }
}
