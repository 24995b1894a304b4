import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from '../e2e/support'
import { CONSENTS } from '../support/orders'

/**
 * The shop works under its Content-Security-Policy and Permissions-Policy in Chromium: every
 * storefront page and the admin panel without a single violation, the player plays, the recorder
 * records on the details step (reached by clicking through from the home page) and at the checkout,
 * and YouTube's click-to-load embed puts the privacy-enhanced player into the page.
 */

/** Collects CSP and Permissions-Policy violations: the browser's console reports and the DOM events. */
async function watchPolicies(page: Page): Promise<string[]> {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/content security policy|refused to|securitypolicyviolation|permissions policy/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`)
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`securitypolicyviolation ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  return violations
}

const microphoneAllowed = (page: Page) =>
  page.evaluate(() => (document as Document & { featurePolicy?: { allowsFeature(name: string): boolean } }).featurePolicy?.allowsFeature('microphone'))

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1)

async function visit(page: Page, path: string) {
  const response = await page.goto(path)
  expect(response?.headers()['content-security-policy']).toContain("'strict-dynamic'")
  // Hydration and the lazily loaded chunks have run (a violation would be reported by then).
  await expect(page.locator('main')).toBeVisible()
  await page.waitForTimeout(300)
}

/** A new customer, logged in in the page's context (the API's login sets the cookie). */
async function logInNewCustomer(page: Page) {
  const username = `csp-${randomBytes(4).toString('hex')}`
  const account = { username, email: `${username}@example.com`, password: `Sanft-${randomBytes(6).toString('hex')}` }
  expect((await page.request.post('/api/accounts/register/', { data: account })).status()).toBe(201)
  expect((await page.request.post('/api/auth/', { data: { username, password: account.password } })).status()).toBe(200)
}

async function recordBriefly(page: Page) {
  await page.getByRole('button', { name: 'Aufnahme starten' }).click()
  const stop = page.getByRole('button', { name: 'Aufnahme beenden' })
  await expect(stop).toBeVisible()
  await page.waitForTimeout(1500)
  await stop.click()
}

test('every storefront page loads without a policy violation', async ({ page }) => {
  test.setTimeout(180_000)
  const violations = await watchPolicies(page)
  const [news, groups, categories] = await Promise.all(
    ['/music/news/', '/api/music/music-groups/', '/api/music/categories/'].map(async (path) => (await page.request.get(path)).json()),
  )
  const pages = [
    '/',
    '/music',
    `/music-group/${groups[0].id}`,
    `/category/${categories[0].id}`,
    '/news',
    `/news/${news[0].id}`,
    '/about',
    '/contact',
    '/custom-songs',
    '/custom-songs/vocalbalance',
    '/custom-songs/vocalbalance/meditation',
    '/custom-songs/vocalbalance/meditation/review',
    '/cart',
    '/checkout',
    '/login',
    '/agb',
    '/impressum',
    '/disclaimer',
    '/widerruf',
    '/buying_conditions',
    '/en/terms',
    '/en/imprint',
    '/gibt-es-nicht',
  ]
  for (const path of pages) await visit(page, path)

  // Logged in: the account page, the checkout's order form and the header's account link.
  await logInNewCustomer(page)
  await visit(page, '/checkout')
  await visit(page, '/account')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(violations).toEqual([])
})

test('the player plays under the policy', async ({ page }) => {
  const violations = await watchPolicies(page)
  await page.goto('/music')
  await page.getByRole('tabpanel').getByRole('link').first().click()
  await expect(page).toHaveURL(/\/music-group\/\d+/)
  await page.getByRole('button', { name: 'Alle abspielen' }).click()
  await expect.poll(() => audioTime(page), { timeout: 15000 }).toBeGreaterThan(0.5)
  expect(violations).toEqual([])
})

test('clicking through from the home page opens the details step as a new document whose policy lets the recorder record', async ({ page }) => {
  const violations = await watchPolicies(page)
  await page.goto('/')
  expect(await microphoneAllowed(page)).toBe(false)
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Wunschsong' }).click()
  await page.getByRole('link', { name: 'VocalBalance wählen' }).click()
  await expect(page).toHaveURL(/\/custom-songs\/vocalbalance$/)
  // Client-side navigation so far: the same document, still without the microphone.
  expect(await microphoneAllowed(page)).toBe(false)
  await page.evaluate(() => Object.assign(window, { sameDocumentMarker: true }))

  await page.getByRole('link', { name: 'Meditation' }).click()
  await expect(page).toHaveURL(/\/custom-songs\/vocalbalance\/meditation$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erzähl mir von deinem Song')
  expect(await page.evaluate(() => 'sameDocumentMarker' in window)).toBe(false)
  expect(await microphoneAllowed(page)).toBe(true)
  await recordBriefly(page)
  // Finishing the WebM (its duration is written in) takes a moment on a busy machine.
  await expect(page.getByLabel('Deine Aufnahme')).toHaveAttribute('src', /^blob:/, { timeout: 30_000 })
  expect(violations).toEqual([])
})

test('the checkout, reached from the cart, records for a song without a recording', async ({ page }) => {
  const violations = await watchPolicies(page)
  await logInNewCustomer(page)
  await page.goto('/custom-songs/deepflow/yoga')
  await page.getByRole('radio', { name: 'Dankbarkeit' }).check()
  await page.getByRole('button', { name: 'Weiter zur Übersicht' }).click()
  await expect(page).toHaveURL(/\/review$/)
  await page.getByRole('button', { name: 'In den Warenkorb' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await page.evaluate(() => Object.assign(window, { sameDocumentMarker: true }))
  await page.getByRole('link', { name: 'Zur Kasse' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  expect(await page.evaluate(() => 'sameDocumentMarker' in window)).toBe(false)
  expect(await microphoneAllowed(page)).toBe(true)
  await recordBriefly(page)
  // The song now carries the recording (the recorder gives way to the summary's note).
  await expect(page.getByRole('region', { name: 'Deine Bestellung' }).getByText('mit Sprachaufnahme')).toBeVisible({ timeout: 30_000 })
  expect(violations).toEqual([])
})

test("the news page's click-to-load video puts YouTube's privacy-enhanced player into the page", async ({ page }) => {
  const violations = await watchPolicies(page)
  // youtube-nocookie.com is not reachable here: the element and its address are what count.
  await page.route(/youtube-nocookie\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }))
  const news = (await (await page.request.get('/music/news/')).json()) as Array<{ id: number; youtube_url: string | null }>
  const withVideo = news.find((item) => item.youtube_url)!
  await page.goto(`/news/${withVideo.id}`)
  await expect(page.locator('iframe')).toHaveCount(0)
  await page.getByRole('button', { name: 'Video laden (YouTube)' }).click()
  const frame = page.locator('iframe')
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?/)
  await expect.poll(() => page.frames().some((child) => child.url().startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true)
  expect(violations).toEqual([])
})

test('the admin panel works under its policy: log in, see the dashboard, open an order, change its status', async ({ page, playwright, baseURL }) => {
  const violations = await watchPolicies(page)
  const customer = await playwright.request.newContext({ baseURL })
  const username = `csp-admin-${randomBytes(3).toString('hex')}`
  const password = `Sanft-${randomBytes(6).toString('hex')}`
  expect((await customer.post('/api/accounts/register/', { data: { username, email: `${username}@example.com`, password } })).status()).toBe(201)
  const { access } = await (await customer.post('/api/auth/', { data: { username, password } })).json()
  const placed = await customer.post('/api/orders/', {
    headers: { Authorization: `Bearer ${access}` },
    data: { package: 'deepflow', theme: 'gratitude', personal_note: 'CSP', ...CONSENTS },
  })
  expect(placed.status()).toBe(201)
  const { id } = await placed.json()
  await customer.dispose()

  await page.goto('/admin/login')
  await page.getByLabel(/E-Mail/).fill('admin@example.com')
  await page.getByLabel('Passwort').fill('test-admin-password')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('link', { name: 'Pakete' }).first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Was heute zu tun ist' })).toBeVisible()

  await page.goto(`/admin/collections/orders/${id}`)
  await expect(page.getByText('CSP', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Als bezahlt markieren' }).click()
  await expect(page.locator('.shop-status-field')).toContainText('Bezahlt')
  await page.waitForLoadState('networkidle')
  expect(violations).toEqual([])
})
