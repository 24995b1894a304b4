import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support'
import { audioPaused, audioTime, playFirstAlbum, playTonesForTracks, tapTheSpeakers } from './player-audio'

/**
 * The sleep timer (issue 34). The album plays steady tones made here, and the loudness is read
 * from what goes to the speakers (tapTheSpeakers), so the fade is measured, not reported. The
 * page's clock is Playwright's (page.clock): a minute passes in a moment, the fade itself runs on
 * the audio clock in real time.
 */
const FADE_SECONDS = 10

/** Opens the timer's menu in `scope`, sets the fade to FADE_SECONDS and returns the menu. */
async function openTimer(scope: Locator) {
  await scope.getByRole('button', { name: 'Schlaf-Timer' }).click()
  const menu = scope.getByRole('group', { name: 'Schlaf-Timer' })
  await menu.getByRole('slider', { name: /Ausblenden über/ }).fill(String(FADE_SECONDS))
  await expect(menu.getByRole('slider', { name: /Ausblenden über/ })).toHaveAttribute('aria-valuetext', '10 Sekunden')
  return menu
}

async function setMinutes(scope: Locator, minutes: number) {
  const menu = await openTimer(scope)
  await menu.getByLabel('Eigene Länge in Minuten').fill(String(minutes))
  await menu.getByRole('button', { name: 'Stellen' }).click()
}

/** mm:ss left, as shown beside the timer's button. */
const remainingSeconds = async (player: Locator) => {
  const [minutes, seconds] = (await player.getByTestId('sleep-remaining').innerText()).replace(/^\D+/, '').split(':').map(Number)
  return minutes! * 60 + seconds!
}

const level = async (page: Page) => (await page.evaluate(() => window.outputLevel!()))!

/**
 * The loudness of the tones at the gain's full volume: a sine at half of full scale has an RMS of
 * 0.5/√2, times the player's volume (until a fade begins the sound does not pass the gain at all,
 * so there is nothing to measure before: FadeGraph).
 */
const fullLevel = async (page: Page) => (0.5 / Math.SQRT2) * (await page.evaluate(() => document.querySelector('audio')!.volume))

test.beforeEach(async ({ page }) => {
  await playTonesForTracks(page, 40)
  await tapTheSpeakers(page)
  await page.clock.install()
})

test('a 1-minute timer fades along the equal-power curve, stops paused where the fade began, and a play within 2 minutes sets it again', async ({ page }) => {
  const { player, titles, title } = await playFirstAlbum(page)
  const full = await fullLevel(page)
  await setMinutes(player, 1)
  await expect(player.getByTestId('sleep-news')).toHaveText('Schlaf-Timer gestellt: Die Wiedergabe endet in 1 Min.')
  await expect.poll(() => remainingSeconds(player)).toBeGreaterThan(55)

  await page.clock.fastForward(60_000 - FADE_SECONDS * 1000)
  const fadeFrom = await audioTime(page)
  const start = (await level(page)).time
  const samples: { at: number; gain: number }[] = []
  while (!(await audioPaused(page)) && samples.length < 60) {
    const { time, rms } = await level(page)
    samples.push({ at: (time - start) / FADE_SECONDS, gain: rms / full })
    await page.waitForTimeout(400)
  }
  console.log(`fade (progress → gain): ${samples.map(({ at, gain }) => `${at.toFixed(2)}→${gain.toFixed(2)}`).join(' ')}`)
  const inside = samples.filter(({ at }) => at > 0.1 && at < 0.9)
  expect(inside.length).toBeGreaterThanOrEqual(10)
  for (const { at, gain } of inside) expect(Math.abs(gain - Math.cos((at * Math.PI) / 2))).toBeLessThan(0.12)

  await expect.poll(() => audioPaused(page), { timeout: 5000 }).toBe(true)
  expect(Math.abs((await audioTime(page)) - fadeFrom)).toBeLessThan(0.6)
  await expect(player.getByTestId('sleep-remaining')).toBeHidden()
  await expect(player.getByTestId('sleep-news')).toContainText('Der Schlaf-Timer hat die Wiedergabe angehalten')
  await expect(title).toHaveText(titles[0]!)

  // A minute later, play: the same timer again, at full volume.
  await page.clock.fastForward(60_000)
  await player.getByRole('button', { name: 'Abspielen' }).click()
  await expect.poll(() => audioPaused(page)).toBe(false)
  await expect(player.getByTestId('sleep-remaining')).toBeVisible()
  expect(await remainingSeconds(player)).toBeGreaterThan(55)
  await expect.poll(async () => (await level(page)).rms / full).toBeGreaterThan(0.9)
})

test('cancelling during the fade gives the full volume back at once', async ({ page }) => {
  const { player } = await playFirstAlbum(page)
  const full = await fullLevel(page)
  await setMinutes(player, 1)
  await page.clock.fastForward(60_000 - FADE_SECONDS * 1000)
  await expect.poll(async () => (await level(page)).rms / full, { timeout: 8000 }).toBeLessThan(0.8)

  await player.getByRole('button', { name: 'Schlaf-Timer' }).click()
  const cancelledAt = (await level(page)).time
  await player.getByRole('group', { name: 'Schlaf-Timer' }).getByRole('button', { name: 'Timer ausschalten' }).click()
  await expect.poll(async () => (await level(page)).rms / full).toBeGreaterThan(0.9)
  expect((await level(page)).time - cancelledAt).toBeLessThan(1.5)
  await expect(player.getByTestId('sleep-news')).toHaveText('Schlaf-Timer ausgeschaltet.')
  await page.clock.fastForward(30_000)
  expect(await audioPaused(page)).toBe(false)
})

test('"end of this track" fades its last seconds and never starts the next track', async ({ page }) => {
  await page.unrouteAll()
  await playTonesForTracks(page, 14)
  const { player, titles, title } = await playFirstAlbum(page)
  const full = await fullLevel(page)
  const menu = await openTimer(player)
  await menu.getByRole('button', { name: 'Ende dieses Titels' }).click()
  await expect(player.getByTestId('sleep-news')).toHaveText('Schlaf-Timer gestellt: Die Wiedergabe endet mit diesem Titel.')
  await expect(player.getByTestId('sleep-remaining')).toBeVisible()
  // Softer while the track still plays: the fade of its last seconds.
  await expect.poll(async () => (await level(page)).rms / full, { timeout: 15000 }).toBeLessThan(0.75)
  expect(await audioPaused(page)).toBe(false)
  await expect.poll(() => audioPaused(page), { timeout: 25000 }).toBe(true)
  // Paused where the fade began: FADE_SECONDS before the end (seen at the track's next timeupdate).
  const position = await audioTime(page)
  expect(position).toBeGreaterThan(14 - FADE_SECONDS - 0.1)
  expect(position).toBeLessThan(14 - FADE_SECONDS + 0.6)
  await page.clock.runFor(3000)
  await expect(title).toHaveText(titles[0]!)
  expect(await audioPaused(page)).toBe(true)
})

test('the timer keeps its end across a move to another page and a reload', async ({ page }) => {
  const { player } = await playFirstAlbum(page)
  await setMinutes(player, 30)
  const before = await remainingSeconds(player)
  expect(before).toBeGreaterThan(29 * 60)

  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Neuigkeiten' }).click()
  await expect(page).toHaveURL(/\/news$/)
  expect(await audioPaused(page)).toBe(false)
  expect(await remainingSeconds(player)).toBeLessThanOrEqual(before)

  await page.clock.fastForward(5 * 60_000)
  await page.reload()
  await expect(player.getByTestId('sleep-remaining')).toBeVisible()
  const after = await remainingSeconds(player)
  expect(after).toBeLessThanOrEqual(before - 5 * 60)
  expect(after).toBeGreaterThan(before - 5 * 60 - 30)
})
