import type { Page } from '@playwright/test'
import { audioPaused, audioTime, playFirstAlbum as playAlbum } from './player-audio'
import { expect, test } from './support'

const valueNow = async (slider: ReturnType<Page['getByRole']>) => Number(await slider.getAttribute('aria-valuenow'))

/** Opens the first album and plays it from its first track; returns the player, its seek slider and the title. */
async function playFirstAlbum(page: Page) {
  const { player, title } = await playAlbum(page)
  return { player, seek: player.getByRole('slider', { name: 'Position im Titel' }), title }
}

test('the waveform seek bar: drawn from the peaks, moves while playing, German time text, keys by 5 s, Home and End', async ({ page }) => {
  const { player, seek, title } = await playFirstAlbum(page)

  // The demo tracks have peaks (computed at seeding): the waveform is drawn, not the plain line.
  await expect.poll(async () => (await seek.locator('path').first().getAttribute('d'))?.length ?? 0).toBeGreaterThan(500)
  await expect(seek).toHaveAttribute('aria-valuetext', /^\d+:\d\d von \d+:\d\d$/)
  await expect.poll(() => valueNow(seek), { timeout: 10000 }).toBeGreaterThanOrEqual(1)

  // Only the playing row's waveform is read out (the played share); the others are decorative.
  await expect(page.getByRole('table').getByRole('img', { name: /^Gespielt: \d+:\d\d von \d+:\d\d$/ })).toHaveCount(1)

  await player.getByRole('button', { name: 'Pause' }).click()
  await expect.poll(() => audioPaused(page)).toBe(true)

  await seek.hover()
  await expect(seek.getByText(/^\d+:\d\d$/)).toBeVisible()

  await seek.focus()
  const before = await audioTime(page)
  await page.keyboard.press('ArrowRight')
  // 5 s: the slider's own step, not also the page-wide 10 s shortcut.
  await expect.poll(() => audioTime(page)).toBeCloseTo(before + 5, 0)
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => audioTime(page)).toBeCloseTo(before, 0)
  // Two presses count twice even when the second comes before the slider shows the first's seek
  // (a key held down; here both in one task, before the audio's timeupdate).
  const pressTwice = (key: string) =>
    seek.evaluate((slider, pressed) => {
      for (let press = 0; press < 2; press++) slider.dispatchEvent(new KeyboardEvent('keydown', { key: pressed, bubbles: true }))
    }, key)
  await pressTwice('ArrowRight')
  await expect.poll(() => audioTime(page)).toBeCloseTo(before + 10, 0)
  await pressTwice('ArrowLeft')
  await expect.poll(() => audioTime(page)).toBeCloseTo(before, 0)

  await page.keyboard.press('End')
  const max = Number(await seek.getAttribute('aria-valuemax'))
  expect(max).toBeGreaterThan(10)
  await expect.poll(() => valueNow(seek)).toBe(max)
  await page.keyboard.press('Home')
  await expect.poll(() => valueNow(seek)).toBe(0)
  await expect(seek).toHaveAttribute('aria-valuetext', /^0:00 von /)
  await expect(title).toBeVisible()
})

test('after a reload the player shows the track paused where it was; one press continues from there', async ({ page }) => {
  const { player, seek, title } = await playFirstAlbum(page)
  const firstTitle = await title.innerText()
  await player.getByRole('button', { name: 'Nächster Titel' }).click()
  await expect(title).not.toHaveText(firstTitle)
  const secondTitle = await title.innerText()
  await expect.poll(() => audioTime(page), { timeout: 15000 }).toBeGreaterThan(0.5)
  await page.evaluate(() => (document.querySelector('audio')!.currentTime = 30))
  await expect.poll(() => valueNow(seek)).toBeGreaterThanOrEqual(30)

  await page.reload()
  await expect(title).toHaveText(secondTitle)
  await expect(player.getByRole('button', { name: 'Abspielen' })).toBeVisible()
  expect(await audioPaused(page)).toBe(true)
  await expect.poll(() => valueNow(seek)).toBeGreaterThanOrEqual(30)
  expect(await valueNow(seek)).toBeLessThanOrEqual(32)

  await player.getByRole('button', { name: 'Abspielen' }).click()
  await expect.poll(() => audioPaused(page)).toBe(false)
  const resumedAt = await audioTime(page)
  expect(resumedAt).toBeGreaterThanOrEqual(29.5)
  expect(resumedAt).toBeLessThan(36)
})

test('quick key presses on the seek bar count from each other, not from the position the element last reported', async ({ page }) => {
  const { player, seek } = await playFirstAlbum(page)
  await player.getByRole('button', { name: 'Pause' }).click()
  await expect.poll(() => audioPaused(page)).toBe(true)
  await page.evaluate(() => (document.querySelector('audio')!.currentTime = 20))
  await expect.poll(() => valueNow(seek)).toBe(20)

  await seek.focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => audioTime(page)).toBeCloseTo(25, 0)
  await expect.poll(() => valueNow(seek)).toBe(25)
})
