import { audioPaused, audioTime, playFirstAlbum } from './player-audio'
import { expect, test } from './support'

test('plays real audio and keeps playing across client-side navigation', async ({ page }) => {
  const { titles, title } = await playFirstAlbum(page)
  await expect(title).toHaveText(titles[0]!)

  const before = await audioTime(page)
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Neuigkeiten' }).click()
  await expect(page).toHaveURL(/\/news$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neuigkeiten')
  await expect.poll(() => audioTime(page)).toBeGreaterThan(before + 0.5)
  expect(await audioPaused(page)).toBe(false)
  await expect(title).toHaveText(titles[0]!)
})

test('until something plays there is no player bar and no audio element; its script comes while the page is idle, so the first press plays without loading any', async ({
  page,
}) => {
  const scripts: string[] = []
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()))
  await page.goto('/music')
  await page.getByRole('tabpanel').getByRole('link').first().click()
  await expect(page.getByRole('table')).toBeVisible()
  // The page's idle-time scripts have come when none was asked for during two seconds.
  let before = -1
  const settled = () => {
    const same = scripts.length === before
    before = scripts.length
    return same
  }
  await expect.poll(settled, { intervals: [2000], timeout: 30_000 }).toBe(true)
  await expect(page.locator('audio')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Audioplayer' })).toHaveCount(0)

  scripts.length = 0
  await page.getByRole('button', { name: 'Alle abspielen' }).click()
  await expect(page.getByRole('region', { name: 'Audioplayer' }).getByRole('button', { name: 'Pause' })).toBeVisible()
  await expect.poll(() => audioTime(page), { timeout: 15000 }).toBeGreaterThan(0.3)
  await expect(page.locator('audio')).toHaveCount(2)
  expect(scripts).toEqual([])
})

test('controls: pause, seek, back 10 s, next, repeat, shuffle, volume', async ({ page }) => {
  const { player, titles, title } = await playFirstAlbum(page)

  await player.getByRole('button', { name: 'Pause' }).click()
  await expect.poll(() => audioPaused(page)).toBe(true)
  await player.getByRole('button', { name: 'Abspielen' }).click()
  await expect.poll(() => audioPaused(page)).toBe(false)

  // Clicking the middle of the seek bar jumps to about half the track.
  const seek = player.getByRole('slider', { name: 'Position im Titel' })
  const box = (await seek.boundingBox())!
  await seek.click({ position: { x: box.width / 2, y: box.height / 2 } })
  const duration = await page.evaluate(() => document.querySelector('audio')!.duration)
  await expect.poll(() => audioTime(page)).toBeGreaterThan(duration * 0.4)
  const afterSeek = await audioTime(page)
  await player.getByRole('button', { name: '10 Sekunden zurück' }).click()
  await expect.poll(() => audioTime(page)).toBeLessThan(afterSeek - 8)

  await player.getByRole('button', { name: 'Nächster Titel' }).click()
  await expect(title).toHaveText(titles[1]!)

  await player.getByRole('button', { name: 'Wiederholen einschalten' }).click()
  await expect(player.getByRole('button', { name: 'Wiederholen ausschalten' })).toHaveAttribute('aria-pressed', 'true')
  await player.getByRole('button', { name: 'Nächster Titel' }).click()
  await expect(title).toHaveText(titles[1]!)
  await player.getByRole('button', { name: 'Wiederholen ausschalten' }).click()

  await player.getByRole('button', { name: 'Zufallswiedergabe einschalten' }).click()
  await expect(player.getByRole('button', { name: 'Zufallswiedergabe ausschalten' })).toHaveAttribute('aria-pressed', 'true')
  await player.getByRole('button', { name: 'Nächster Titel' }).click()
  await expect(title).not.toHaveText(titles[1]!)

  const volume = player.getByRole('slider', { name: 'Lautstärke' })
  await volume.focus()
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft')
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.volume)).toBeCloseTo(0.6)
})

test('a track that ends moves on to the next one', async ({ page }) => {
  const { titles, title } = await playFirstAlbum(page)
  await page.evaluate(() => {
    const audio = document.querySelector('audio')!
    audio.currentTime = audio.duration - 0.5
  })
  await expect(title).toHaveText(titles[1]!, { timeout: 15000 })
  await expect.poll(() => audioPaused(page)).toBe(false)
})

test('space and arrow keys control playback, but not while typing', async ({ page }) => {
  await playFirstAlbum(page)
  await page.getByRole('heading', { level: 1 }).click()
  await page.keyboard.press('Space')
  await expect.poll(() => audioPaused(page)).toBe(true)
  await page.keyboard.press('Space')
  await expect.poll(() => audioPaused(page)).toBe(false)
  await page.evaluate(() => (document.querySelector('audio')!.currentTime = 25))
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => audioTime(page)).toBeLessThan(20)

  await page.getByRole('contentinfo').getByRole('link', { name: 'Kontakt' }).click()
  await page.getByLabel('Nachricht').click()
  await page.keyboard.type('Ein Satz mit Leerzeichen')
  expect(await audioPaused(page)).toBe(false)
  await expect(page.getByLabel('Nachricht')).toHaveValue('Ein Satz mit Leerzeichen')
})
