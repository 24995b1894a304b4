import type { Page } from '@playwright/test'
import { expect, test, useLanguage } from './support'

/**
 * A phone's browser lays a page out as wide as its widest content and then zooms out to show it:
 * a track table wider than the screen made the whole album page small, and the fixed player bar
 * fell below the visible screen (taps hit the buy buttons instead). Emulated as a phone does it
 * (touch, mobile viewport), every storefront page keeps the screen's width.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
test.beforeEach(async ({ page }) => useLanguage(page, 'de'))

const layoutWidth = (page: Page) => page.evaluate(() => ({ viewport: window.innerWidth, content: document.documentElement.scrollWidth }))

async function albumPath(page: Page, title: string): Promise<string> {
  const groups: { id: number; title: string }[] = await (await page.request.get('/api/music/music-groups/', { headers: { 'Accept-Language': 'de' } })).json()
  const album = groups.find((group) => group.title === title)
  expect(album, title).toBeTruthy()
  return `/music-group/${album!.id}`
}

test('every storefront page fits a 390 px phone screen without zooming out, albums with buy buttons in their track rows too', async ({ page }) => {
  await page.goto('/news')
  const article = await page.locator('main a[href*="/news/"]').first().getAttribute('href')
  await page.goto('/music')
  const category = await page.locator('main a[href*="/category/"]').first().getAttribute('href')
  const paths = [
    '/',
    '/music',
    await albumPath(page, 'Zwischen Tag und Traum'), // fixed prices per track
    await albumPath(page, 'Wasser & Wind'), // name your price per track
    category,
    '/news',
    article,
    '/about',
    '/custom-songs',
    '/custom-songs/vocalbalance',
    '/cart',
    '/login',
    '/agb',
    '/en/music',
  ]
  for (const path of paths) {
    expect(path).toBeTruthy()
    await page.goto(path!)
    expect(await layoutWidth(page), path!).toEqual({ viewport: 390, content: 390 })
  }
})

test('on an album page the playing bar stays on the screen, and a track row is played by a tap', async ({ page }) => {
  await page.goto(await albumPath(page, 'Zwischen Tag und Traum'))
  await page.getByRole('button', { name: 'Morgentau abspielen' }).tap()
  const player = page.getByRole('region', { name: 'Audioplayer' })
  await expect(player.getByTestId('player-title')).toHaveText('Morgentau')
  const bar = (await player.boundingBox())!
  const screen = await page.evaluate(() => ({ width: window.visualViewport!.width, height: window.visualViewport!.height }))
  expect(bar.y + bar.height).toBeLessThanOrEqual(screen.height + 1)
  expect(bar.width).toBeLessThanOrEqual(screen.width + 1)
  // The row's buy button shows its price and keeps its full name.
  expect(await page.getByRole('button', { name: 'Kaufen – 1,29 €: Morgentau' }).innerText()).toMatch(/^1,29\s€$/)
})
