import { BASE_URL } from '../support/http'
import { CONSENTS } from '../support/orders'
import { closeTestPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'

/**
 * Only the seller reaches /admin (collections/Users/index.ts access.admin). A customer's login cookie,
 * sent the way a browser navigating the shop sends it, is recognised and still turned away to the
 * seller-only page (no data, a way to the seller's login); a visitor gets the login page.
 */

/** A top-level navigation as Chromium makes it, with or without the login cookie; redirects not followed. */
const navigate = (path: string, token?: string) =>
  fetch(BASE_URL + path, {
    redirect: 'manual',
    headers: {
      Accept: 'text/html',
      'Sec-Fetch-Site': 'same-origin',
      'Sec-Fetch-Mode': 'navigate',
      'Sec-Fetch-Dest': 'document',
      ...(token ? { Cookie: `payload-token=${token}` } : {}),
    },
  })

/**
 * Where a page sends the browser: an HTTP redirect, or the redirect Next hands its client router
 * in the page's data when the redirect happens after the answer started (the browser follows it).
 */
function redirectTarget(response: Response, html: string): string | null {
  const location = response.headers.get('location')
  if (response.status >= 300 && response.status < 400 && location) return location
  return /NEXT_REDIRECT;(?:replace|push);([^;"\\]+);30[78]/.exec(html)?.[1] ?? null
}

/** Follows the admin's redirects (at most five) and answers the final path and page. */
async function land(path: string, token?: string): Promise<{ path: string; html: string }> {
  let current = path
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await navigate(current, token)
    const html = await response.text()
    const target = redirectTarget(response, html)
    if (!target) return { path: current, html }
    current = new URL(target, BASE_URL).pathname
  }
  throw new Error(`too many redirects from ${path}`)
}

describe('the admin panel is for the seller only', () => {
  let customer: TestCustomer
  let other: TestCustomer
  const note = `Geheime Notiz ${Date.now()}`

  beforeAll(async () => {
    ;[customer, other] = await Promise.all([createCustomer('admin-access'), createCustomer('admin-access-other')])
    // Someone's order whose details must never show up for a customer.
    const placed = await fetch(`${BASE_URL}/api/orders/`, {
      method: 'POST',
      headers: { ...bearer(other), 'Content-Type': 'application/json' },
      body: JSON.stringify({ package: 'deepflow', theme: 'gratitude', personal_note: note, ...CONSENTS }),
    })
    expect(placed.status).toBe(201)
  })
  afterAll(closeTestPayload)

  it.each(['/admin', '/admin/collections/orders', '/admin/collections/users'])('%s: a visitor lands on the login page', async (path) => {
    const { path: landed, html } = await land(path)
    expect(landed).toBe('/admin/login')
    expect(html).not.toContain(note)
    expect(html).not.toContain(other.username)
  })

  it.each(['/admin', '/admin/collections/orders', '/admin/collections/orders/1', '/admin/collections/users'])(
    "%s: a customer's cookie is recognised and turned away to the seller's login page, without any data",
    async (path) => {
      const { path: landed, html } = await land(path, customer.token)
      expect(landed).toBe('/admin/unauthorized')
      expect(html).toMatch(/Nur für den Verkäufer|For the seller only/)
      expect(html).toMatch(/type="password"/)
      // (The page knows who is logged in, as every admin page does; nothing of anyone else.)
      for (const secret of [note, other.username, other.email]) expect(html).not.toContain(secret)
    },
  )

  it("the seller's cookie opens the dashboard", async () => {
    const seller = await loginSeller()
    const { path, html } = await land('/admin', seller.token)
    expect(path).toBe('/admin')
    expect(html).toMatch(/Was heute zu tun ist|What to do today/)
  })
})
