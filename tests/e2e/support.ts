import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type APIRequestContext, type Locator, type Page, request } from '@playwright/test'
import { silentWav } from '../support/audio'
import { CONSENTS } from '../support/orders'
import { forgetRateLimitHits } from '../support/rate-limits'

/**
 * The seller account the browser tests log in as: the admin scripts/test.ts creates (ADMIN_EMAIL).
 * Jest has a seller of its own (tests/support/users.ts: JEST_SELLER).
 */
export const BROWSER_SELLER = { email: process.env.ADMIN_EMAIL ?? 'admin@example.com', password: process.env.ADMIN_PASSWORD ?? 'test-admin-password' }

/** Switches the storefront language the way the selector does (cookie read by the server). */
export async function useLanguage(page: Page, locale: 'de' | 'en') {
  const url = new URL(process.env.BASE_URL ?? 'http://127.0.0.1:3000')
  await page.context().addCookies([{ name: 'lang', value: locale, domain: url.hostname, path: '/' }])
}

/** The WCAG 2.1 AA violations of serious or critical impact on the current page, as "rule: elements". */
export async function severeAccessibilityViolations(page: Page): Promise<string[]> {
  // After a client-side navigation Next sets the new page's title a moment after its content (it
  // streams the metadata): axe run in between found "document-title" now and then.
  await expect(page).toHaveTitle(/\S/)
  // Legacy mode runs axe once in the page. The default mode injects it again, opens a blank page
  // and copies every result there to finish, which took half of the storefront spec's time; what
  // it adds is the inside of cross-origin frames (YouTube's player), not the shop's to fix.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode().analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/** WCAG 2.1 AA: no violation of serious or critical impact on the current page. */
export async function expectAccessible(page: Page) {
  expect(await severeAccessibilityViolations(page)).toEqual([])
}

let sellerToken: Promise<string> | undefined

/**
 * The header of the seller's session for the tests' own calls to Payload's REST: one login per
 * Playwright worker, since every login costs the server a password hashing.
 */
export async function sellerAuthorization(): Promise<{ Authorization: string }> {
  sellerToken ??= (async () => {
    const api = await request.newContext({ baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:3000' })
    try {
      const login = await api.post('/api/cms/users/login', { data: BROWSER_SELLER })
      expect(login.status()).toBe(200)
      return (await login.json()).token as string
    } finally {
      await api.dispose()
    }
  })().catch((error: unknown) => {
    sellerToken = undefined
    throw error
  })
  return { Authorization: `JWT ${await sellerToken}` }
}

/** The seller moves an order along its life cycle through Payload's REST, as the admin panel does, from a session of its own. */
export async function sellerSetsStatuses(orderId: number, statuses: string[]) {
  const api = await request.newContext({ baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:3000' })
  const headers = await sellerAuthorization()
  for (const status of statuses) expect((await api.patch(`/api/cms/orders/${orderId}`, { data: { status }, headers })).status()).toBe(200)
  await api.dispose()
}

/** The seller delivers a version through Payload's REST, as the admin panel does: upload the file, add it to the order's files. */
export async function sellerDelivers(orderId: number, name: string, description: string) {
  const api = await request.newContext({ baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:3000' })
  const headers = await sellerAuthorization()
  const uploaded = await api.post('/api/cms/audio', {
    headers,
    multipart: { file: { name, mimeType: 'audio/wav', buffer: silentWav(2) }, _payload: JSON.stringify({ title: description, purpose: 'delivery' }) },
  })
  expect(uploaded.status()).toBe(201)
  const audio = (await uploaded.json()).doc.id as number
  const order = await (await api.get(`/api/cms/orders/${orderId}?depth=0`, { headers })).json()
  const uploads = [
    ...order.uploads.map(({ id, audio, description }: { id: string; audio: number; description: string }) => ({ id, audio, description })),
    { audio, description },
  ]
  expect((await api.patch(`/api/cms/orders/${orderId}`, { data: { uploads }, headers })).status()).toBe(200)
  await api.dispose()
}

/**
 * Headers that make a test's own API call (page.request) look like the shop's pages calling it:
 * Payload honours the login cookie only for requests from the shop's origin (its csrf setting).
 */
export const fromTheShop = { Origin: new URL(process.env.BASE_URL ?? 'http://127.0.0.1:3000').origin }

/**
 * Playwright's test. Every browser test comes from 127.0.0.1 (Chromium cannot choose its source
 * address), so their registrations and failed logins share that address's limits
 * (src/auth/rate-limit.ts): each starts with them forgotten, so no test depends on how many ran
 * before it. The limits themselves are tested in Jest, from loopback addresses of their own.
 */
const BROWSER_ADDRESS = '127.0.0.1'

export const test = base.extend<{ freshBrowserAddress: void }>({
  freshBrowserAddress: [
    async ({}, use) => {
      await forgetRateLimitHits({ addresses: [BROWSER_ADDRESS] })
      await use()
    },
    { auto: true },
  ],
})

export { expect }

/**
 * The seller is logged in to the admin panel (German interface) and sees its collections. The
 * login goes through Payload's REST login, which sets the same cookie as the login form; the form
 * itself is tested in admin.spec.ts, and loading the admin's login page for every seller test
 * cost the run more than a second each time.
 */
export async function logInToAdmin(page: Page) {
  const login = await page.request.post('/api/cms/users/login', {
    data: BROWSER_SELLER,
    headers: fromTheShop,
  })
  expect(login.status()).toBe(200)
  await page.goto('/admin')
  await expect(page.getByRole('link', { name: 'Pakete' }).first()).toBeVisible()
}

/** True once the audio element has read the file's metadata (it can play), false on a load error. */
export const playerLoads = (player: Locator) =>
  player.evaluate(
    (element) =>
      new Promise<boolean>((resolve) => {
        const audio = element as HTMLAudioElement
        if (audio.readyState >= 1) return resolve(true)
        audio.addEventListener('loadedmetadata', () => resolve(true), { once: true })
        audio.addEventListener('error', () => resolve(false), { once: true })
        audio.load()
      }),
  )

/**
 * A new customer who places one order through the storefront API, in a request context of their
 * own (the seller's tests start from such an order). The caller disposes of `customer`.
 */
export async function customerPlacesOrder(
  newContext: () => Promise<APIRequestContext>,
  prefix: string,
  order: Record<string, unknown>,
): Promise<{ customer: APIRequestContext; username: string; authorization: { Authorization: string }; placed: { id: number; total: number } }> {
  const customer = await newContext()
  const username = `${prefix}-${Date.now()}`
  const password = 'Ruhige-Klaenge-9'
  expect((await customer.post('/api/accounts/register/', { data: { username, email: `${username}@example.com`, password } })).status()).toBe(201)
  const { access } = await (await customer.post('/api/auth/', { data: { username, password } })).json()
  const authorization = { Authorization: `Bearer ${access}` }
  const response = await customer.post('/api/orders/', { headers: authorization, data: { ...CONSENTS, ...order } })
  expect(response.status()).toBe(201)
  return { customer, username, authorization, placed: await response.json() }
}
