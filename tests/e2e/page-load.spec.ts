import type { Page } from '@playwright/test'
import { expect, fromTheShop, test } from './support'

/**
 * The pages whose server components the browser fetched (`?_rsc=`): prefetches and navigations,
 * each as its path and the part asked for. Next 16 asks for a page in two parts, its route tree
 * (`Next-Router-Segment-Prefetch: /_tree`) and then its content.
 */
function pageFetches(page: Page): { path: string; part: string }[] {
  const fetches: { path: string; part: string }[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.searchParams.has('_rsc')) {
      fetches.push({ path: url.pathname, part: request.headers()['next-router-segment-prefetch'] ?? 'content' })
    }
  })
  return fetches
}

// Issue 29: a phone on a slow connection spent its load on 22 prefetches of /music's links.
test('loading /music fetches no other page; pointing at an album fetches that one alone', async ({ page }) => {
  const fetched = pageFetches(page)
  await page.goto('/music')
  // Next prefetches the links in view once the page is hydrated and idle; give it that and a second more.
  await page.waitForLoadState('load')
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))))
  await page.waitForTimeout(1000)
  expect(fetched).toEqual([])

  const album = page.getByRole('tabpanel', { name: 'Alben' }).getByRole('link').first()
  const href = await album.getAttribute('href')
  expect(href).toMatch(/^\/music-group\/\d+$/)
  await album.hover()
  await expect.poll(() => fetched.length).toBeGreaterThan(0)
  // The parts it asks for arrive within milliseconds of each other; give stragglers a second.
  await page.waitForTimeout(1000)
  expect([...new Set(fetched.map((fetch) => fetch.path))]).toEqual([href])
  const parts = fetched.map((fetch) => fetch.part)
  expect(parts).toEqual([...new Set(parts)])
})

test('the first row of album covers on /music loads at once and first, the rest lazily', async ({ page }) => {
  await page.goto('/music')
  const covers = page.getByRole('tabpanel', { name: 'Alben' }).locator('img')
  await expect(covers.first()).toHaveAttribute('fetchpriority', 'high')
  await expect(covers.first()).not.toHaveAttribute('loading', 'lazy')
  const count = await covers.count()
  if (count > 2) await expect(covers.nth(2)).toHaveAttribute('loading', 'lazy')
  // Announced in the head, so the browser asks for it before it reaches the grid.
  await expect(page.locator('head link[rel="preload"][as="image"]').first()).toBeAttached()
})

test('the account page arrives with its orders: nothing below them moves when the page has loaded', async ({ page }) => {
  const response = await page.request.post('/api/accounts/login/', {
    data: { username: 'demo-kundin', password: process.env.DEMO_CUSTOMER_PASSWORD ?? '' },
    headers: fromTheShop,
  })
  expect(response.ok()).toBe(true)
  // The page as the server sends it, before any script of ours has run.
  const html = await (await page.request.get('/account')).text()
  expect(html).toContain('DeepFlow')
  expect(html).not.toContain('Bestellungen werden geladen')
})

// Issue 29: the cart's content waited for the scripts, so its largest text came last. The empty
// state is now in the page as sent, shown before any script of the bundle has run, and the head
// script hides it when the browser's cart holds something.
test('the cart page shows an empty cart before its scripts run, and never to a visitor whose cart is filled', async ({ page }) => {
  await page.route('**/_next/static/**/*.js', (route) => route.abort())
  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Dein Warenkorb ist leer.' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Wunschsong gestalten' })).toBeVisible()
  await expect(page.getByText('Dein Warenkorb wird geladen …')).toBeHidden()

  await page.evaluate(() =>
    localStorage.setItem('cart', JSON.stringify([{ kind: 'music-group', itemId: 1, title: 'Zwischen Tag und Traum', amount: 9, formats: [] }])),
  )
  await page.reload()
  await expect(page.getByText('Dein Warenkorb wird geladen …')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Dein Warenkorb ist leer.' })).toBeHidden()

  await page.unroute('**/_next/static/**/*.js')
  await page.evaluate(() => localStorage.removeItem('cart'))
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Dein Warenkorb ist leer.' })).toBeVisible()
  await expect(page.getByText('Dein Warenkorb wird geladen …')).toBeHidden()
})
