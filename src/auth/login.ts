import { BUSY_RETRY_AFTER_SECONDS, OUTAGE_RETRY_AFTER_SECONDS } from '../http/outage'
import { poolRefusedSince } from '../site/database-pool'
import { type Outcome, refuse } from '../site/outcome'
import { TOO_MANY_LOGIN_FAILURES } from './login-limit'
import { SERVICE_UNAVAILABLE } from './service-unavailable'

export type LoginOutcome = Outcome<{ access: string; username: string; exp: number; setCookie: string | null }>

/**
 * Logs in with a username or an e-mail address (spec: "username-or-email field") through
 * Payload's own login, which the route hands in as `payloadLogin` (src/app/api/_adapters/payload-auth.ts);
 * the users collection's hooks count failed attempts per address and per account
 * (src/auth/login-limit.ts) and refuse with 429.
 */
export async function logIn(input: unknown, payloadLogin: (body: string) => Promise<Response>): Promise<LoginOutcome> {
  const { username, password } = (input ?? {}) as Record<string, unknown>
  if (typeof username !== 'string' || !username.trim() || typeof password !== 'string' || !password) {
    return refuse(400, 'Please enter your username or e-mail address and your password.')
  }
  const identifier = username.trim()
  const credentials = identifier.includes('@') ? { email: identifier.toLowerCase() } : { username: identifier }
  const startedAt = Date.now()
  const response = await payloadLogin(JSON.stringify({ ...credentials, password }))
  const body = (await response.json().catch(() => ({}))) as {
    token?: string
    exp?: number
    user?: { username?: string }
    errors?: { message?: string; data?: { retryAfterSeconds?: number } }[]
  }
  if (response.status === 429) {
    // Payload's answer words which limit it was: the address's or the account's growing delay.
    const [error] = body.errors ?? []
    const retryAfterSeconds = error?.data?.retryAfterSeconds
    return refuse(429, error?.message ?? TOO_MANY_LOGIN_FAILURES, retryAfterSeconds ? { retryAfterSeconds } : {})
  }
  // A failure on our side (the database, most likely: away, or no connection free) is never "wrong credentials".
  if (response.status >= 500) {
    return refuse(503, SERVICE_UNAVAILABLE, { retryAfterSeconds: poolRefusedSince(startedAt) ? BUSY_RETRY_AFTER_SECONDS : OUTAGE_RETRY_AFTER_SECONDS })
  }
  if (!response.ok || !body.token) return refuse(401, 'Login failed.')
  return {
    ok: true,
    value: { access: body.token, username: body.user?.username ?? identifier, exp: body.exp ?? 0, setCookie: response.headers.get('set-cookie') },
  }
}
