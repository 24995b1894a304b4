import { TOO_MANY_LOGIN_FAILURES } from './login-limit'
import { callPayloadAuth } from './payload-auth-endpoint'

export type LoginOutcome =
  | { ok: true; access: string; username: string; exp: number; setCookie: string | null }
  | { ok: false; status: number; detail: string }

/**
 * Logs in with a username or an e-mail address (spec: "username-or-email field") through
 * Payload's own login, which counts failed attempts and locks the account for a while; the users
 * collection's hooks also refuse an address with too many recent failures (answered 429).
 */
export async function logIn(request: Request, input: unknown): Promise<LoginOutcome> {
  const { username, password } = (input ?? {}) as Record<string, unknown>
  if (typeof username !== 'string' || !username.trim() || typeof password !== 'string' || !password) {
    return { ok: false, status: 400, detail: 'Please enter your username or e-mail address and your password.' }
  }
  const identifier = username.trim()
  const credentials = identifier.includes('@') ? { email: identifier.toLowerCase() } : { username: identifier }
  const response = await callPayloadAuth(request, 'login', JSON.stringify({ ...credentials, password }))
  const body = (await response.json().catch(() => ({}))) as { token?: string; exp?: number; user?: { username?: string } }
  if (response.status === 429) return { ok: false, status: 429, detail: TOO_MANY_LOGIN_FAILURES }
  if (!response.ok || !body.token) {
    const locked = response.status === 423 || /lock|gesperrt/i.test(JSON.stringify(body))
    return locked
      ? { ok: false, status: 429, detail: 'Too many failed attempts. Please try again in a few minutes.' }
      : { ok: false, status: 401, detail: 'Login failed.' }
  }
  return {
    ok: true,
    access: body.token,
    username: body.user?.username ?? identifier,
    exp: body.exp ?? 0,
    setCookie: response.headers.get('set-cookie'),
  }
}
