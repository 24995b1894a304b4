import { contentSecurityPolicy, permissionsPolicy, strictTransportSecurity } from '@/http/security-headers'
import { BASE_URL, getJson } from '../support/http'

/**
 * The security headers on every kind of response the shop gives: storefront pages (a fresh
 * script nonce per response, which Next and our inline scripts carry), the admin panel, the
 * storefront API, Payload's REST, uploaded files, Next's static files and refusals.
 */

const directives = (policy: string | null) =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  )

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(BASE_URL + path, { headers, redirect: 'manual' })
  return { status: response.status, headers: response.headers, html: await response.text() }
}

const expectConstantHeaders = (headers: Headers) => {
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.get('x-frame-options')).toBe('DENY')
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
}

const STOREFRONT_PAGES = [
  '/',
  '/music',
  '/news',
  '/about',
  '/contact',
  '/custom-songs',
  '/custom-songs/vocalbalance',
  '/cart',
  '/login',
  '/agb',
  '/en/terms',
  '/gibt-es-nicht',
]
const RECORDING_PAGES = ['/custom-songs/vocalbalance/meditation', '/custom-songs/deepflow/sleep/', '/checkout']

describe('security headers', () => {
  describe.each([...STOREFRONT_PAGES, ...RECORDING_PAGES])('storefront page %s', (path) => {
    it('has a nonce CSP without unsafe-inline scripts, and every script element carries that nonce', async () => {
      const { headers, html } = await page(path)
      expectConstantHeaders(headers)
      const policy = directives(headers.get('content-security-policy'))
      const scriptSources = policy.get('script-src') ?? []
      const nonce = scriptSources.find((source) => source.startsWith("'nonce-"))?.slice(7, -1)
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(scriptSources).toContain("'strict-dynamic'")
      expect(scriptSources).not.toContain("'unsafe-inline'")
      expect(scriptSources).not.toContain("'unsafe-eval'")
      expect(policy.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`])
      expect(policy.get('object-src')).toEqual(["'none'"])
      expect(policy.get('base-uri')).toEqual(["'self'"])
      expect(policy.get('form-action')).toEqual(["'self'"])
      expect(policy.get('frame-ancestors')).toEqual(["'none'"])
      expect(policy.get('connect-src')).toEqual(["'self'"])
      expect(policy.get('frame-src')).toEqual(['https://www.youtube-nocookie.com'])
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:'])
      expect(policy.get('media-src')).toEqual(["'self'", 'blob:'])

      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)
      expect(scripts.length).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
    })

    it(`allows the microphone ${RECORDING_PAGES.includes(path) ? 'to our origin' : 'to nobody'}`, async () => {
      const { headers } = await page(path)
      const policy = headers.get('permissions-policy') ?? ''
      expect(policy).toContain(RECORDING_PAGES.includes(path) ? 'microphone=(self)' : 'microphone=()')
      expect(policy).toContain('camera=()')
      expect(policy).toContain('geolocation=()')
    })
  })

  it('gives every response a new nonce and never takes one (or a policy) from the client', async () => {
    const forged = { 'x-nonce': 'AAAAAAAAAAAAAAAAAAAAAA==', 'content-security-policy': "script-src 'nonce-AAAAAAAAAAAAAAAAAAAAAA=='" }
    const [first, second] = await Promise.all([page('/', forged), page('/', forged)])
    const nonceOf = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')?.[1]
    expect(nonceOf(first.headers)).toBeDefined()
    expect(nonceOf(first.headers)).not.toBe(nonceOf(second.headers))
    expect(nonceOf(first.headers)).not.toBe('AAAAAAAAAAAAAAAAAAAAAA==')
    expect(first.html).not.toContain('AAAAAAAAAAAAAAAAAAAAAA==')
  })

  it('the admin panel: nonce scripts, inline styles (its select boxes need them), nobody frames it, no microphone', async () => {
    const { headers, html } = await page('/admin/login')
    expectConstantHeaders(headers)
    const policy = directives(headers.get('content-security-policy'))
    const nonce = policy
      .get('script-src')
      ?.find((source) => source.startsWith("'nonce-"))
      ?.slice(7, -1)
    expect(nonce).toBeDefined()
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'")
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'")
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(headers.get('permissions-policy')).toContain('microphone=()')
    for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) expect(tag).toContain(`nonce="${nonce}"`)
  })

  it.each([
    ['the storefront API', '/api/packages/'],
    ["Payload's REST", '/api/cms/packages'],
    ['an unknown API path', '/api/gibt-es-nicht/'],
  ])('%s: a policy that allows nothing to run, no framing', async (_name, path) => {
    const { headers } = await getJson(path)
    expectConstantHeaders(headers)
    const policy = directives(headers.get('content-security-policy'))
    expect(policy.get('default-src')).toEqual(["'none'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.has('script-src')).toBe(false)
    expect(headers.get('permissions-policy')).toContain('microphone=()')
  })

  it('a refused write carries the headers too', async () => {
    const { status, headers } = await getJson('/api/contact/', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' })
    expect(status).toBe(415)
    expectConstantHeaders(headers)
    expect(directives(headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"])
  })

  it('uploaded files: no scripts, their own image/audio only, nosniff', async () => {
    const tracks = (await getJson('/api/music/tracks/')).body as Array<{ audio: string; cover: string | null }>
    const withCover = tracks.find((track) => track.cover)!
    for (const url of [tracks[0]!.audio, withCover.cover!]) {
      const response = await fetch(new URL(url, BASE_URL), { headers: { Range: 'bytes=0-1' } })
      expect(response.status).toBe(206)
      expectConstantHeaders(response.headers)
      const policy = directives(response.headers.get('content-security-policy'))
      expect(policy.get('default-src')).toEqual(["'none'"])
      expect(policy.get('media-src')).toEqual(["'self'"])
      expect(policy.get('img-src')).toEqual(["'self'"])
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })

  it("Next's static files: nosniff, no framing", async () => {
    const { html } = await page('/')
    const chunk = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1]!
    const response = await fetch(BASE_URL + chunk)
    expect(response.status).toBe(200)
    expectConstantHeaders(response.headers)
  })

  it('sends no HSTS on a plain-HTTP shop (the test server)', async () => {
    expect((await page('/')).headers.get('strict-transport-security')).toBeNull()
  })

  describe('policies by configuration', () => {
    const saved = { ...process.env }
    afterEach(() => {
      process.env = { ...saved }
    })

    it('HSTS for two years with subdomains in production behind https, upgrade-insecure-requests with it', () => {
      Object.assign(process.env, { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' })
      expect(strictTransportSecurity()).toBe('max-age=63072000; includeSubDomains')
      expect(contentSecurityPolicy('storefront', 'bm9uY2U=')).toContain('upgrade-insecure-requests')
      Object.assign(process.env, { PUBLIC_URL: 'http://localhost:3000' })
      expect(strictTransportSecurity()).toBeNull()
      expect(contentSecurityPolicy('storefront', 'bm9uY2U=')).not.toContain('upgrade-insecure-requests')
      Object.assign(process.env, { NODE_ENV: 'test', PUBLIC_URL: 'https://shop.example' })
      expect(strictTransportSecurity()).toBeNull()
    })

    it('the microphone only on the details step and the checkout, with or without a trailing slash', () => {
      for (const path of ['/custom-songs/deepflow/sleep', '/custom-songs/deepflow/sleep/', '/checkout', '/checkout/']) {
        expect(permissionsPolicy(path)).toMatch(/^microphone=\(self\)/)
      }
      for (const path of ['/custom-songs', '/custom-songs/deepflow', '/custom-songs/deepflow/sleep/review', '/cart', '/checkoutx', '/api/orders/']) {
        expect(permissionsPolicy(path)).toMatch(/^microphone=\(\)/)
      }
    })
  })
})
