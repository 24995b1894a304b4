import { randomBytes } from 'node:crypto'
import { getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'

/**
 * Every call from a loopback address of its own: failed logins and registrations count against
 * the client address (src/auth/rate-limit.ts), so the shared 127.0.0.1 never nears a limit.
 */
const post = (path: string, body: unknown, headers: Record<string, string> = {}, from = ownLoopbackAddress()) =>
  getJson(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body), from })

const fresh = () => {
  const username = `lauscher-${randomBytes(4).toString('hex')}`
  return { username, email: `${username}@example.com`, password: `Leise-${randomBytes(6).toString('hex')}` }
}

describe('accounts API (spec section 7)', () => {
  afterAll(closeTestPayload)

  it('registers a customer with a real e-mail address', async () => {
    const account = fresh()
    const { status, body } = await post('/api/accounts/register/', account)
    expect(status).toBe(201)
    expect(body).toMatchObject({ username: account.username, email: account.email })
    const stored = await (await testPayload()).findByID({ collection: 'users', id: body.id })
    expect(stored.role).toBe('customer')
  })

  it.each([
    [{ username: 'ab', email: 'x@example.com', password: 'Lang-genug-1' }, /username/],
    [{ username: 'gueltig', email: 'kein-at', password: 'Lang-genug-1' }, /e-mail/],
    [{ username: 'gueltig', email: 'x@example.com', password: 'kurz' }, /at least 8/],
    [{ username: 'gueltig', email: 'x@example.com', password: 'passwort123' }, /too common/],
  ])('refuses %j with 400 and a detail', async (input, detail) => {
    const { status, body } = await post('/api/accounts/register/', input)
    expect(status).toBe(400)
    expect(body.detail).toMatch(detail)
  })

  it('says when the username or the e-mail is taken', async () => {
    const account = fresh()
    expect((await post('/api/accounts/register/', account)).status).toBe(201)
    const sameName = await post('/api/accounts/register/', { ...fresh(), username: account.username })
    expect(sameName.status).toBe(400)
    expect(sameName.body).toMatchObject({ code: 'username_taken', detail: expect.stringMatching(/username is already taken/) })
    const sameEmail = await post('/api/accounts/register/', { ...fresh(), email: account.email.toUpperCase() })
    expect(sameEmail.status).toBe(400)
    expect(sameEmail.body).toMatchObject({ code: 'email_taken', detail: expect.stringMatching(/e-mail address already exists/) })
  })

  it('logs in by username or e-mail in both readings; whoami and refresh follow the token', async () => {
    const account = fresh()
    await post('/api/accounts/register/', account)

    const viaAuth = await post('/api/auth/', { username: account.username, password: account.password })
    expect(viaAuth.status).toBe(200)
    expect(typeof viaAuth.body.access).toBe('string')
    expect(viaAuth.headers.get('set-cookie')).toMatch(/payload-token=.+HttpOnly/i)

    const viaAccounts = await post('/api/accounts/login/', { username: account.email, password: account.password })
    expect(viaAccounts.status).toBe(200)
    expect(viaAccounts.body.user).toBe(account.username)

    const bearer = { Authorization: `Bearer ${viaAuth.body.access}` }
    expect((await getJson('/api/whoami/', { headers: bearer })).body).toEqual({ user: account.username })
    expect((await getJson('/api/whoami')).body).toEqual({ user: null })

    const refreshed = await post('/api/auth/refresh/', {}, bearer)
    expect(refreshed.status).toBe(200)
    expect(typeof refreshed.body.access).toBe('string')
    expect((await post('/api/auth/refresh/', {})).status).toBe(401)
  })

  it('answers a wrong password with 401 "Login failed." and bad input with 400', async () => {
    const account = fresh()
    await post('/api/accounts/register/', account)
    const address = ownLoopbackAddress()
    const wrong = await post('/api/auth/', { username: account.username, password: 'falsch-falsch' }, {}, address)
    expect(wrong.status).toBe(401)
    expect(wrong.body.detail).toBe('Login failed.')
    expect((await post('/api/accounts/login/', { username: account.username }, {}, address)).status).toBe(400)
  })

  it('slows an account down after repeated failures instead of locking it', async () => {
    const account = fresh()
    await post('/api/accounts/register/', account)
    for (let i = 0; i < 5; i++) await post('/api/auth/', { username: account.username, password: `falsch-${i}-xx` })
    const slowed = await post('/api/auth/', { username: account.username, password: account.password })
    expect(slowed.status).toBe(429)
    expect(slowed.headers.get('retry-after')).toBe('1')
    expect(slowed.body.detail).toMatch(/Too many failed login attempts for this account/)
  })

  it('answers GET /api/csrf/', async () => {
    expect((await getJson('/api/csrf/')).status).toBe(200)
  })
})
