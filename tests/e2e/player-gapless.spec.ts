import { expect, test } from './support'
import { audioPaused, playFirstAlbum, playTonesForTracks, recordTheOutput } from './player-audio'

/**
 * Seamless loops and transitions (issue 34). The album's tracks are steady tones of 3 s made here,
 * each answered after a phone's round trip (150 ms); every sample the page plays is recorded
 * (recordTheOutput) and every silence after the first sound is a gap: from the last sample of one
 * track to the first of the next. Loading the next file only when a track had ended left the
 * round trip and more as silence.
 */
const TRACK_SECONDS = 3
const ROUND_TRIP_MS = 150
const MAX_GAP_MS = 50

test.beforeEach(async ({ page }) => {
  await playTonesForTracks(page, TRACK_SECONDS, ROUND_TRIP_MS)
  await recordTheOutput(page)
})

test('an album played through goes from one track to the next without a gap', async ({ page }) => {
  const { titles, title } = await playFirstAlbum(page)
  expect(titles.length).toBeGreaterThanOrEqual(3)
  await expect(title).toHaveText(titles[2]!, { timeout: 3 * TRACK_SECONDS * 1000 })
  await expect.poll(async () => (await page.evaluate(() => window.outputSilences!())).heard, { timeout: 10000 }).toBeGreaterThan(2 * TRACK_SECONDS + 0.5)
  const { silences, heard } = await page.evaluate(() => window.outputSilences!())
  console.log(`album transitions: ${heard.toFixed(1)} s heard, silences ${JSON.stringify(silences.map((ms) => Number(ms.toFixed(1))))} ms`)
  for (const gap of silences) expect(gap).toBeLessThan(MAX_GAP_MS)
  expect(await audioPaused(page)).toBe(false)
})

test('repeat one loops the track without a gap', async ({ page }) => {
  const { player, titles, title } = await playFirstAlbum(page)
  await player.getByRole('button', { name: 'Wiederholen einschalten' }).click()
  await expect.poll(async () => (await page.evaluate(() => window.outputSilences!())).heard, { timeout: 15000 }).toBeGreaterThan(2 * TRACK_SECONDS + 0.5)
  const { silences, heard } = await page.evaluate(() => window.outputSilences!())
  console.log(`repeat one: ${heard.toFixed(1)} s heard, silences ${JSON.stringify(silences.map((ms) => Number(ms.toFixed(1))))} ms`)
  for (const gap of silences) expect(gap).toBeLessThan(MAX_GAP_MS)
  await expect(title).toHaveText(titles[0]!)
})

test('on shuffle the next track, drawn ahead, follows without a gap', async ({ page }) => {
  const { player, titles, title } = await playFirstAlbum(page)
  await player.getByRole('button', { name: 'Zufallswiedergabe einschalten' }).click()
  const first = await title.innerText()
  await expect(title).not.toHaveText(first, { timeout: 2 * TRACK_SECONDS * 1000 })
  await expect.poll(async () => (await page.evaluate(() => window.outputSilences!())).heard, { timeout: 10000 }).toBeGreaterThan(TRACK_SECONDS + 0.5)
  const { silences, heard } = await page.evaluate(() => window.outputSilences!())
  console.log(`shuffle: ${heard.toFixed(1)} s heard, silences ${JSON.stringify(silences.map((ms) => Number(ms.toFixed(1))))} ms`)
  for (const gap of silences) expect(gap).toBeLessThan(MAX_GAP_MS)
  expect(titles).toContain(await title.innerText())
})
