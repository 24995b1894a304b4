import { expectAccessible, expect, test, useLanguage } from './support'
import { audioPaused, playFirstAlbum } from './player-audio'

/** The now-playing view for phones (issue 34). */
test.use({ viewport: { width: 390, height: 844 } })

test('on a phone, tapping the bar opens the now-playing view; it passes axe in light and dark, and the back button and Escape close it', async ({ page }) => {
  const { player, titles } = await playFirstAlbum(page)
  const albumTitle = (await page.getByRole('heading', { level: 1 }).innerText()).trim()
  const pageUrl = page.url()

  const opener = player.getByRole('button', { name: `Wiedergabeansicht öffnen: ${titles[0]}` })
  await opener.click()
  const view = page.getByRole('dialog', { name: titles[0] })
  await expect(view).toBeVisible()
  // Both covers come from Next's image optimiser (src/components/media/optimized-image.ts).
  for (const cover of [player.locator('img').first(), view.locator('img').first()])
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0)
  await expect(view.getByRole('heading', { level: 2 })).toHaveText(titles[0]!)
  await expect(view.getByText(albumTitle)).toBeVisible()
  await expect(view.getByRole('button', { name: 'Zurück', exact: true })).toBeFocused()
  for (const name of [
    'Vorheriger Titel',
    '10 Sekunden zurück',
    'Pause',
    'Nächster Titel',
    'Zufallswiedergabe einschalten',
    'Wiederholen einschalten',
    'Schlaf-Timer',
  ])
    await expect(view.getByRole('button', { name, exact: true })).toBeVisible()
  // The waveform takes the screen's width.
  const seek = view.getByRole('slider', { name: 'Position im Titel' })
  expect((await seek.boundingBox())!.width).toBeGreaterThan(300)

  // Tab stays inside the view (a modal dialog: the page behind is inert).
  for (let press = 0; press < 12; press++) await page.keyboard.press('Tab')
  expect(await view.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)

  await expectAccessible(page)
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'))
  await expectAccessible(page)

  await page.goBack()
  await expect(view).toBeHidden()
  expect(page.url()).toBe(pageUrl)
  await expect(opener).toBeFocused()
  expect(await audioPaused(page)).toBe(false)

  await opener.click()
  await expect(view).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(view).toBeHidden()
  // Escape took the view's history entry with it: one step back is the page before the album.
  await page.goBack()
  await expect(page).toHaveURL(/\/music$/)
})

test('the view speaks English on the English site', async ({ page }) => {
  await useLanguage(page, 'en')
  await page.goto('/music')
  await page.getByRole('tabpanel').getByRole('link').first().click()
  await page.getByRole('button', { name: 'Play all' }).click()
  const player = page.getByRole('region', { name: 'Audio player' })
  await player.getByRole('button', { name: /^Open the now-playing view: / }).click()
  const view = page.getByRole('dialog')
  await expect(view.getByRole('button', { name: 'Back', exact: true })).toBeFocused()
  for (const name of ['Previous track', 'Back 10 seconds', 'Next track', 'Turn shuffle on', 'Turn repeat on', 'Sleep timer'])
    await expect(view.getByRole('button', { name, exact: true })).toBeVisible()
  await view.getByRole('button', { name: 'Sleep timer' }).click()
  await expect(view.getByRole('button', { name: 'End of this track' })).toBeVisible()
  await expect(view.getByRole('slider', { name: /Fade out over/ })).toHaveAttribute('aria-valuetext', '30 seconds')
  await page.keyboard.press('Escape')
  await expect(view.getByRole('button', { name: 'End of this track' })).toBeHidden()
  await expect(view).toBeVisible()
  await page.goBack()
  await expect(view).toBeHidden()
})
