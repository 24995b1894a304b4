import { expect, type Page, test } from '@playwright/test'

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1)
const audioPaused = (page: Page) => page.evaluate(() => document.querySelector('audio')?.paused ?? true)

async function playFirstAlbum(page: Page) {
  await page.goto('/music')
  await page.getByRole('tabpanel').getByRole('link').first().click()
  await page.getByRole('button', { name: 'Alle abspielen' }).click()
  const player = page.getByRole('region', { name: 'Audioplayer' })
  await expect(player).toBeVisible()
  await expect.poll(() => audioTime(page), { timeout: 15000 }).toBeGreaterThan(0.5)
  return player
}

test('plays real audio and keeps playing across client-side navigation', async ({ page }) => {
  const player = await playFirstAlbum(page)
  const firstTitle = await page.getByRole('table').getByRole('button').first().innerText()
  await expect(player.getByTestId('player-title')).toHaveText(firstTitle.trim())

  const before = await audioTime(page)
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Neuigkeiten' }).click()
  await expect(page).toHaveURL(/\/news$/)
  await expect.poll(() => audioTime(page)).toBeGreaterThan(before + 0.5)
  expect(await audioPaused(page)).toBe(false)
  await expect(player.getByTestId('player-title')).toHaveText(firstTitle.trim())
})

test('controls: pause, back 10 s, next, shuffle, repeat, volume, seek', async ({ page }) => {
  const player = await playFirstAlbum(page)
  const titles = (await page.getByRole('table').getByRole('button').allInnerTexts()).map((t) => t.trim())

  await player.getByRole('button', { name: 'Pause' }).click()
  await expect.poll(() => audioPaused(page)).toBe(true)
  await player.getByRole('button', { name: 'Abspielen' }).click()
  await expect.poll(() => audioPaused(page)).toBe(false)

  const seek = player.getByRole('slider', { name: 'Position im Titel' })
  await seek.fill('20')
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(19.5)
  await player.getByRole('button', { name: '10 Sekunden zurück' }).click()
  await expect.poll(() => audioTime(page)).toBeLessThan(15)

  await player.getByRole('button', { name: 'Nächster Titel' }).click()
  await expect(player.getByTestId('player-title')).toHaveText(titles[1]!)

  await player.getByRole('button', { name: 'Wiederholen einschalten' }).click()
  await expect(player.getByRole('button', { name: 'Wiederholen ausschalten' })).toHaveAttribute('aria-pressed', 'true')
  await player.getByRole('button', { name: 'Nächster Titel' }).click()
  await expect(player.getByTestId('player-title')).toHaveText(titles[1]!)
  await player.getByRole('button', { name: 'Wiederholen ausschalten' }).click()

  await player.getByRole('button', { name: 'Zufallswiedergabe einschalten' }).click()
  await expect(player.getByRole('button', { name: 'Zufallswiedergabe ausschalten' })).toHaveAttribute('aria-pressed', 'true')
  await player.getByRole('button', { name: 'Nächster Titel' }).click()
  await expect(player.getByTestId('player-title')).not.toHaveText(titles[1]!)

  await player.getByRole('slider', { name: 'Lautstärke' }).fill('0.3')
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.volume)).toBeCloseTo(0.3)
})

test('a track that ends moves on to the next one', async ({ page }) => {
  const player = await playFirstAlbum(page)
  const titles = (await page.getByRole('table').getByRole('button').allInnerTexts()).map((t) => t.trim())
  await page.evaluate(() => {
    const audio = document.querySelector('audio')!
    audio.currentTime = audio.duration - 0.5
  })
  await expect(player.getByTestId('player-title')).toHaveText(titles[1]!, { timeout: 15000 })
  await expect.poll(() => audioPaused(page)).toBe(false)
})

test('space and arrow keys control playback, but not while typing', async ({ page }) => {
  await playFirstAlbum(page)
  await page.locator('body').click({ position: { x: 5, y: 300 } })
  await page.keyboard.press('Space')
  await expect.poll(() => audioPaused(page)).toBe(true)
  await page.keyboard.press('Space')
  await expect.poll(() => audioPaused(page)).toBe(false)
  await page.evaluate(() => (document.querySelector('audio')!.currentTime = 25))
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => audioTime(page)).toBeLessThan(20)

  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Kontakt' }).click()
  await page.getByLabel('Nachricht').click()
  await page.keyboard.type('Ein Satz mit Leerzeichen')
  expect(await audioPaused(page)).toBe(false)
  await expect(page.getByLabel('Nachricht')).toHaveValue('Ein Satz mit Leerzeichen')
})
