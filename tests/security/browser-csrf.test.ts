import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { silentWav } from '../support/audio'
import { BASE_URL, getJson, ownLoopbackAddress } from '../support/http'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, type TestCustomer } from '../support/users'

/**
 * Cross-site request forgery against every cookie-authenticated write: a page on another site can
 * make the visitor's browser send a form (text/plain, x-www-form-urlencoded, multipart) or a
 * no-cors fetch, with the visitor's cookies and its own Origin. Each is refused before it acts
 * (403 for a foreign origin, 415 for a body type the call does not take) and the database shows
 * that nothing changed; the same calls from the shop's own pages (and from non-browser clients
 * with a bearer token) still work.
 */

const SHOP = BASE_URL // scripts/test.ts serves the shop with PUBLIC_URL = BASE_URL
const FOREIGN = 'http://attacker.example'

type Forgery = { origin?: string; fetchSite?: string; type?: string; body?: BodyInit; cookie?: string; from?: string }

function send(path: string, method: string, { origin, fetchSite, type, body, cookie, from }: Forgery) {
  const headers: Record<string, string> = {}
  if (origin) headers.Origin = origin
  if (fetchSite) headers['Sec-Fetch-Site'] = fetchSite
  if (type) headers['Content-Type'] = type
  if (cookie) headers.Cookie = cookie
  return getJson(path, { method, headers, body, from })
}

/** A login typed into a text/plain form: `<input name='{"username":"…","password":"…","x":"' value='"}'>`. */
const textPlainJson = (value: object) => `${JSON.stringify({ ...value, x: '' }).slice(0, -2)}="}`
const formEncoded = (value: Record<string, string>) => new URLSearchParams(value).toString()

/** The three bodies a cross-site HTML form can send, each carrying `value`. */
function formBodies(value: Record<string, string>): Array<[string, string | undefined, BodyInit]> {
  const multipart = new FormData()
  multipart.append('_payload', JSON.stringify(value))
  for (const [key, field] of Object.entries(value)) multipart.append(key, field)
  return [
    ['text/plain', 'text/plain', textPlainJson(value)],
    ['x-www-form-urlencoded', 'application/x-www-form-urlencoded', formEncoded(value)],
    ['multipart/form-data', undefined, multipart],
  ]
}

const sessionIsValid = async (customer: TestCustomer) => (await getJson('/api/cms/users/me', { headers: bearer(customer) })).body?.user?.id === customer.id

const storedOrder = async (id: number) => (await testPayload()).findByID({ collection: 'orders', id, depth: 0 })

const orderCount = async (customer: TestCustomer) =>
  (await (await testPayload()).count({ collection: 'orders', where: { customer: { equals: customer.id } } })).totalDocs

const contactMessagesWith = async (marker: string) =>
  (await (await testPayload()).count({ collection: 'contact-messages', where: { message: { contains: marker } } })).totalDocs

async function placeOrder(customer: TestCustomer): Promise<number> {
  const placed = await getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', ...CONSENTS }),
  })
  expect(placed.status).toBe(201)
  return placed.body.id
}

const expectRefused = (response: { status: number; headers: Headers; body: any }, status: 403 | 415) => {
  expect(response.status).toBe(status)
  expect(typeof response.body?.detail).toBe('string')
  expect(response.headers.get('set-cookie')).toBeNull()
}

describe('CSRF: cookie-authenticated writes from another site are refused, nothing changes', () => {
  let customer: TestCustomer
  let cookie: string

  beforeAll(async () => {
    customer = await createCustomer('csrf')
    cookie = `payload-token=${customer.token}`
  })
  afterAll(closeTestPayload)

  describe.each(['/api/auth/', '/api/accounts/login/', '/api/auth', '/api/accounts/login'])('login %s', (path) => {
    const credentials = () => ({ username: customer.username, password: customer.password })

    it.each([
      ['a foreign Origin', { origin: FOREIGN }],
      ['Origin "null" (sandboxed frame)', { origin: 'null' }],
      ['no Origin but Sec-Fetch-Site: cross-site', { fetchSite: 'cross-site' }],
      ['no Origin but Sec-Fetch-Site: same-site', { fetchSite: 'same-site' }],
    ])('refuses JSON from %s with 403 and sets no cookie', async (_name, source) => {
      expectRefused(await send(path, 'POST', { ...source, type: 'application/json', body: JSON.stringify(credentials()) }), 403)
    })

    it('refuses every form body from a foreign Origin (403) and from our own (415), setting no cookie', async () => {
      for (const [, type, body] of formBodies(credentials())) {
        expectRefused(await send(path, 'POST', { origin: FOREIGN, type, body }), 403)
        expectRefused(await send(path, 'POST', { origin: SHOP, type, body }), 415)
      }
    })

    it('logs in from our own pages (Origin, or Sec-Fetch-Site: same-origin) and from non-browser clients', async () => {
      for (const source of [{ origin: SHOP }, { fetchSite: 'same-origin' }, {}]) {
        const response = await send(path, 'POST', { ...source, type: 'application/json; charset=utf-8', body: JSON.stringify(credentials()) })
        expect(response.status).toBe(200)
        expect(response.headers.get('set-cookie')).toMatch(/payload-token=/)
      }
    })
  })

  describe('registration', () => {
    const newAccount = () => {
      const username = `csrf-neu-${randomBytes(4).toString('hex')}`
      return { username, email: `${username}@example.com`, password: `Pw-${randomBytes(8).toString('hex')}` }
    }
    const accountExists = async (username: string) =>
      (await (await testPayload()).count({ collection: 'users', where: { username: { equals: username } } })).totalDocs > 0

    it('refuses a foreign Origin and form bodies; no account is created', async () => {
      const forged = newAccount()
      expectRefused(await send('/api/accounts/register/', 'POST', { origin: FOREIGN, type: 'application/json', body: JSON.stringify(forged) }), 403)
      for (const [, type, body] of formBodies(forged)) {
        expectRefused(await send('/api/accounts/register/', 'POST', { origin: FOREIGN, type, body }), 403)
        expectRefused(await send('/api/accounts/register/', 'POST', { origin: SHOP, type, body }), 415)
      }
      expect(await accountExists(forged.username)).toBe(false)
    })

    it('registers from our own pages', async () => {
      const account = newAccount()
      const response = await send('/api/accounts/register/', 'POST', {
        origin: SHOP,
        type: 'application/json',
        body: JSON.stringify(account),
        from: ownLoopbackAddress(),
      })
      expect(response.status).toBe(201)
      expect(await accountExists(account.username)).toBe(true)
    })
  })

  describe.each([
    ['storefront logout', '/api/accounts/logout/'],
    ["Payload's logout", '/api/cms/users/logout'],
  ])('%s', (_name, path) => {
    it('refuses a foreign Origin and form bodies; the session stays valid', async () => {
      const victim = await createCustomer('csrf-logout')
      const victimCookie = `payload-token=${victim.token}`
      expectRefused(await send(path, 'POST', { origin: FOREIGN, cookie: victimCookie }), 403)
      expectRefused(await send(path, 'POST', { fetchSite: 'cross-site', cookie: victimCookie }), 403)
      for (const [, type, body] of formBodies({ a: 'b' })) {
        expectRefused(await send(path, 'POST', { origin: FOREIGN, type, body, cookie: victimCookie }), 403)
        if (path.startsWith('/api/accounts')) expectRefused(await send(path, 'POST', { origin: SHOP, type, body, cookie: victimCookie }), 415)
      }
      expect(await sessionIsValid(victim)).toBe(true)
    })

    it('logs out from our own pages, with an empty body', async () => {
      const leaving = await createCustomer('csrf-logout')
      const response = await send(path, 'POST', { origin: SHOP, cookie: `payload-token=${leaving.token}` })
      expect(response.status).toBe(200)
      expect(await sessionIsValid(leaving)).toBe(false)
    })
  })

  describe('token refresh', () => {
    it('refuses a foreign Origin and form bodies without a new cookie', async () => {
      expectRefused(await send('/api/auth/refresh/', 'POST', { origin: FOREIGN, cookie }), 403)
      for (const [, type, body] of formBodies({ a: 'b' })) {
        expectRefused(await send('/api/auth/refresh/', 'POST', { origin: FOREIGN, type, body, cookie }), 403)
        expectRefused(await send('/api/auth/refresh/', 'POST', { origin: SHOP, type, body, cookie }), 415)
      }
    })

    it('refreshes from our own pages', async () => {
      const response = await send('/api/auth/refresh/', 'POST', { origin: SHOP, cookie })
      expect(response.status).toBe(200)
      expect(response.headers.get('set-cookie')).toMatch(/payload-token=/)
    })
  })

  describe('orders', () => {
    const choices = { package: 'vocalbalance', theme: 'inner-peace', personal_note: 'untergeschoben' }

    it('refuses placing an order from a foreign Origin or with a form body; no order is added', async () => {
      const before = await orderCount(customer)
      expectRefused(
        await send('/api/orders/', 'POST', { origin: FOREIGN, type: 'application/json', body: JSON.stringify({ ...choices, ...CONSENTS }), cookie }),
        403,
      )
      for (const [, type, body] of formBodies(choices)) {
        expectRefused(await send('/api/orders/', 'POST', { origin: FOREIGN, type, body, cookie }), 403)
        expectRefused(await send('/api/orders/', 'POST', { origin: SHOP, type, body, cookie }), 415)
      }
      expect(await orderCount(customer)).toBe(before)
    })

    it('places an order from our own pages with the login cookie', async () => {
      const before = await orderCount(customer)
      const response = await send('/api/orders/', 'POST', { origin: SHOP, type: 'application/json', body: JSON.stringify({ ...choices, ...CONSENTS }), cookie })
      expect(response.status).toBe(201)
      expect(await orderCount(customer)).toBe(before + 1)
    })

    it('refuses a forged confirmation; the order stays unconfirmed; our own pages confirm it', async () => {
      const id = await placeOrder(customer)
      // Only a delivered song can be confirmed: the seller's steps first.
      for (const status of ['paid', 'delivered'] as const) await (await testPayload()).update({ collection: 'orders', id, data: { status } })
      const path = `/api/orders/${id}/confirm/`
      expectRefused(await send(path, 'POST', { origin: FOREIGN, cookie }), 403)
      expectRefused(await send(path, 'POST', { fetchSite: 'cross-site', cookie }), 403)
      for (const [, type, body] of formBodies({ a: 'b' })) {
        expectRefused(await send(path, 'POST', { origin: FOREIGN, type, body, cookie }), 403)
        expectRefused(await send(path, 'POST', { origin: SHOP, type, body, cookie }), 415)
      }
      expect((await storedOrder(id)).confirmed_by_user).toBe(false)

      const confirmed = await send(path, 'POST', { origin: SHOP, cookie })
      expect(confirmed.status).toBe(200)
      expect((await storedOrder(id)).confirmed_by_user).toBe(true)
    })

    it('refuses a forged recording upload; none is attached; our own pages upload', async () => {
      const id = await placeOrder(customer)
      const path = `/api/orders/${id}/upload-audio/`
      const recording = () => {
        const form = new FormData()
        form.append('file', new Blob([new Uint8Array(silentWav(0.2))], { type: 'audio/wav' }), 'stimme.wav')
        form.append('description', 'untergeschoben')
        return form
      }
      expectRefused(await send(path, 'POST', { origin: FOREIGN, body: recording(), cookie }), 403)
      expectRefused(await send(path, 'POST', { origin: SHOP, type: 'application/json', body: '{}', cookie }), 415)
      for (const [, type, body] of formBodies({ description: 'untergeschoben' }).slice(0, 2)) {
        expectRefused(await send(path, 'POST', { origin: SHOP, type, body, cookie }), 415)
      }
      expect((await storedOrder(id)).uploads ?? []).toHaveLength(0)

      const uploaded = await send(path, 'POST', { origin: SHOP, body: recording(), cookie })
      expect(uploaded.status).toBe(201)
      expect((await storedOrder(id)).uploads ?? []).toHaveLength(1)
    })
  })

  describe('contact form', () => {
    it('refuses a foreign Origin and form bodies; no message is stored; our own pages send', async () => {
      const marker = `csrf-${randomBytes(4).toString('hex')}`
      const message = { name: 'Mallory', email: 'mallory@example.com', message: `Gefälschte Nachricht ${marker}` }
      const from = ownLoopbackAddress()
      expectRefused(await send('/api/contact/', 'POST', { origin: FOREIGN, type: 'application/json', body: JSON.stringify(message), from }), 403)
      for (const [, type, body] of formBodies(message)) {
        expectRefused(await send('/api/contact/', 'POST', { origin: FOREIGN, type, body, from }), 403)
        expectRefused(await send('/api/contact/', 'POST', { origin: SHOP, type, body, from }), 415)
      }
      expect(await contactMessagesWith(marker)).toBe(0)

      const sent = await send('/api/contact/', 'POST', { origin: SHOP, type: 'application/json', body: JSON.stringify(message), from })
      expect(sent.status).toBe(201)
      expect(await contactMessagesWith(marker)).toBe(1)
    })
  })

  describe("Payload's REST (/api/cms)", () => {
    it('refuses a login from a foreign Origin in every body type, without a cookie', async () => {
      const credentials = { email: customer.email, password: customer.password }
      expectRefused(await send('/api/cms/users/login', 'POST', { origin: FOREIGN, type: 'application/json', body: JSON.stringify(credentials) }), 403)
      for (const [, type, body] of formBodies(credentials)) {
        expectRefused(await send('/api/cms/users/login', 'POST', { origin: FOREIGN, type, body }), 403)
      }
    })

    it('refuses a forged change of the own account (PATCH /api/cms/users/{id}); the stored user is unchanged', async () => {
      const path = `/api/cms/users/${customer.id}`
      const change = { email: `mallory-${randomBytes(3).toString('hex')}@example.com` }
      expectRefused(await send(path, 'PATCH', { origin: FOREIGN, type: 'application/json', body: JSON.stringify(change), cookie }), 403)
      expectRefused(await send(path, 'PATCH', { fetchSite: 'cross-site', type: 'application/json', body: JSON.stringify(change), cookie }), 403)
      for (const [, type, body] of formBodies(change)) {
        expectRefused(await send(path, 'PATCH', { origin: FOREIGN, type, body, cookie }), 403)
      }
      const stored = await (await testPayload()).findByID({ collection: 'users', id: customer.id, depth: 0 })
      expect(stored.email).toBe(customer.email)
    })

    it("honours the login cookie from our own origin only: Payload's csrf list is the public origin", async () => {
      expect((await send('/api/cms/users/me', 'GET', { origin: SHOP, cookie })).body.user?.id).toBe(customer.id)
      expect((await send('/api/cms/users/me', 'GET', { fetchSite: 'same-origin', cookie })).body.user?.id).toBe(customer.id)
      expect((await send('/api/cms/users/me', 'GET', { origin: FOREIGN, cookie })).body.user ?? null).toBeNull()
      expect((await send('/api/cms/users/me', 'GET', { fetchSite: 'cross-site', cookie })).body.user ?? null).toBeNull()
    })

    it('still logs in from our own pages and from non-browser clients', async () => {
      for (const source of [{ origin: SHOP }, {}]) {
        const response = await send('/api/cms/users/login', 'POST', {
          ...source,
          type: 'application/json',
          body: JSON.stringify({ email: customer.email, password: customer.password }),
        })
        expect(response.status).toBe(200)
      }
    })
  })

  describe('a loopback PUBLIC_URL: the loopback aliases of its port are the shop’s own pages (a newcomer opens 127.0.0.1 or [::1] instead of the printed localhost)', () => {
    const port = new URL(SHOP).port
    const aliases = [`http://localhost:${port}`, `http://[::1]:${port}`]

    it('logs in through the storefront and through Payload (the admin panel) from each alias, and Payload honours the cookie from there', async () => {
      expect(new URL(SHOP).hostname).toBe('127.0.0.1')
      for (const origin of aliases) {
        const storefront = await send('/api/auth/', 'POST', {
          origin,
          type: 'application/json',
          body: JSON.stringify({ username: customer.username, password: customer.password }),
          from: ownLoopbackAddress(),
        })
        expect([origin, storefront.status]).toEqual([origin, 200])
        const admin = await send('/api/cms/users/login', 'POST', {
          origin,
          type: 'application/json',
          body: JSON.stringify({ email: customer.email, password: customer.password }),
          from: ownLoopbackAddress(),
        })
        expect([origin, admin.status]).toEqual([origin, 200])
        expect((await send('/api/cms/users/me', 'GET', { origin, cookie })).body.user?.id).toBe(customer.id)
      }
    })

    it('refuses another port of the same host, and another host', async () => {
      const credentials = JSON.stringify({ username: customer.username, password: customer.password })
      for (const origin of [`http://localhost:${Number(port) + 1}`, `http://127.0.0.1:${Number(port) + 1}`, `https://localhost:${port}`, 'http://localhost']) {
        expectRefused(await send('/api/auth/', 'POST', { origin, type: 'application/json', body: credentials }), 403)
        expect((await send('/api/cms/users/me', 'GET', { origin, cookie })).body.user ?? null).toBeNull()
      }
    })
  })

  describe('every writing route under /api/ is guarded, including ones added later', () => {
    /** Each route file under src/app with the methods it exports for writing, and a URL it serves. */
    function writingRoutes(): Array<[string, string]> {
      const found: Array<[string, string]> = []
      const visit = (directory: string) => {
        for (const entry of readdirSync(directory, { withFileTypes: true })) {
          const full = path.join(directory, entry.name)
          if (entry.isDirectory()) visit(full)
          else if (entry.name === 'route.ts') {
            const source = readFileSync(full, 'utf8')
            const methods = [...source.matchAll(/(?:export (?:const|async function|function) |as )(POST|PUT|PATCH|DELETE)\b/g)].map((match) => match[1]!)
            const url = path
              .relative(path.join('src', 'app'), directory)
              .split(path.sep)
              .filter((segment) => !/^\(.*\)$/.test(segment))
              .map((segment) => (segment === '[...slug]' ? 'users' : segment.startsWith('[...') ? 'gibt-es-nicht' : segment.startsWith('[') ? '1' : segment))
              .join('/')
            if (url.startsWith('api/')) for (const method of new Set(methods)) found.push([method, `/${url}/`])
          }
        }
      }
      visit(path.join('src', 'app'))
      return found
    }

    it('finds the writing routes', () => {
      expect(writingRoutes().length).toBeGreaterThanOrEqual(14)
    })

    /**
     * RFC 8058's one-click unsubscribe is posted by mail providers' servers (a webmail may send its
     * own Origin): its signed per-follower token is its only authority (src/app/api/followers/one-click/,
     * tests/integration/followers.test.ts), so it alone takes a foreign origin.
     */
    const TAKES_ANY_ORIGIN = new Set(['/api/followers/one-click/'])

    it.each(writingRoutes())('%s %s refuses a foreign Origin (403) and, outside /api/cms, a form body (415)', async (method, url) => {
      const target = url.startsWith('/api/cms/') ? url.slice(0, -1) : url
      if (!TAKES_ANY_ORIGIN.has(url)) expectRefused(await send(target, method, { origin: FOREIGN, type: 'application/json', body: '{}', cookie }), 403)
      if (!url.startsWith('/api/cms/')) expectRefused(await send(target, method, { origin: SHOP, type: 'text/plain', body: 'a=b', cookie }), 415)
    })
  })

  it('a page opened from a link on another site still shows the visitor as logged in (pages are reads)', async () => {
    const page = await fetch(`${BASE_URL}/account`, { headers: { cookie, 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' }, redirect: 'manual' })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(customer.username)
  })

  it('reads are not affected: GET calls answer from any origin', async () => {
    expect((await send('/api/packages/', 'GET', { origin: FOREIGN })).status).toBe(200)
    expect((await send('/api/whoami/', 'GET', { fetchSite: 'cross-site' })).status).toBe(200)
  })
})
