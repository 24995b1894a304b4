import type { Page } from '@playwright/test'
import { expect, expectAccessible, test, useLanguage } from './support'

/**
 * The details form takes input once React runs it (its button is enabled then): a choice made in
 * the server's HTML before that is not the form's yet, on a slow machine as on a slow phone.
 */
const detailsReady = (page: Page) => expect(page.getByRole('button', { name: 'Weiter zur Übersicht' })).toBeEnabled()

/** The recordings the shop keeps in the browser's IndexedDB (src/cart/recording-store.ts). */
function storedRecordingKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open('lina-sommer-recordings')
        request.onupgradeneeded = () => request.result.createObjectStore('recordings')
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const keys = request.result.transaction('recordings').objectStore('recordings').getAllKeys()
          keys.onsuccess = () => resolve(keys.result.map(String))
          keys.onerror = () => reject(keys.error)
        }
      }),
  )
}

/** Seconds the audio element knows its source to last (0 until known). */
const audioDuration = (page: Page, name: string) =>
  page.getByLabel(name).evaluate((audio) => {
    const duration = (audio as HTMLAudioElement).duration
    return Number.isFinite(duration) ? duration : 0
  })

const steps = (page: Page) => page.getByRole('navigation', { name: 'Schritte zu deinem Wunschsong' })
const header = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' })

test('from the home page to the cart: package, use type, details with a real recording, review, cart', async ({ page }) => {
  await test.step('home → package chooser → use types', async () => {
    await page.goto('/')
    await header(page).getByRole('link', { name: 'Wunschsong' }).click()
    await expect(page).toHaveURL(/\/custom-songs$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dein Wunschsong')
    await expect(page.getByRole('heading', { level: 2, name: 'VocalBalance' })).toBeVisible()
    await expect(page.getByText(/^69,00\s€$/)).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('link', { name: 'VocalBalance wählen' }).click()
    await expect(page).toHaveURL(/\/custom-songs\/vocalbalance$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wofür ist dein Song?')
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Meditation' }).click()
    await expect(page).toHaveURL(/\/custom-songs\/vocalbalance\/meditation$/)
  })

  await test.step('details: theme, note, streaming and a recording from the fake microphone', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erzähl mir von deinem Song')
    await expect(page.getByText(/höchstens 5 Minuten/)).toBeVisible()
    await detailsReady(page)
    await page.getByRole('radio', { name: 'Innere Ruhe' }).check()
    await page.getByLabel('Persönliche Nachricht (optional)').fill('Für meine Schwester, die gerade viel um die Ohren hat.')
    await expect(page.getByText(/Dein Preis: 69,00\s€/)).toBeVisible()
    await page.getByRole('checkbox', { name: /Streaming-Plattformen veröffentlichen \(\+24,95\s€\)/ }).check()
    await expect(page.getByText(/Dein Preis: 93,95\s€/)).toBeVisible()

    await page.getByRole('button', { name: 'Aufnahme starten' }).click()
    const stop = page.getByRole('button', { name: 'Aufnahme beenden' })
    await expect(stop).toBeFocused()
    await expect(page.getByRole('timer', { name: 'Aufnahmedauer' })).toContainText('00:0')
    await page.waitForTimeout(2000)
    await stop.click()
    await expect(page.getByLabel('Deine Aufnahme')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Neu aufnehmen' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Aufnahme löschen' })).toBeVisible()
    await expect.poll(() => audioDuration(page, 'Deine Aufnahme')).toBeGreaterThan(1)
    await expectAccessible(page)

    // A reload keeps everything, the recording included.
    await page.reload()
    await expect(page.getByRole('radio', { name: 'Innere Ruhe' })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: /Streaming/ })).toBeChecked()
    await expect(page.getByLabel('Deine Aufnahme')).toHaveAttribute('src', /^blob:/)
    await expect.poll(() => audioDuration(page, 'Deine Aufnahme')).toBeGreaterThan(1)
    await page.getByRole('button', { name: 'Weiter zur Übersicht' }).click()
  })

  await test.step('review shows every choice and the total', async () => {
    await expect(page).toHaveURL(/\/custom-songs\/vocalbalance\/meditation\/review$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deine Angaben im Überblick')
    const choices = page.locator('dl')
    await expect(choices).toContainText('VocalBalance')
    await expect(choices).toContainText('Meditation')
    await expect(choices).toContainText('Innere Ruhe')
    await expect(choices).toContainText('Für meine Schwester')
    await page.reload()
    await expect(page.getByLabel('Deine Sprachaufnahme anhören')).toHaveAttribute('src', /^blob:/)
    await expect.poll(() => audioDuration(page, 'Deine Sprachaufnahme anhören')).toBeGreaterThan(1)
    await expect(page.getByRole('row', { name: /Paket VocalBalance/ })).toContainText(/69,00\s€/)
    await expect(page.getByRole('row', { name: /Streaming-Veröffentlichung/ })).toContainText(/24,95\s€/)
    await expect(page.getByRole('row', { name: /Versand/ })).toContainText(/0,00\s€/)
    await expect(page.getByRole('row', { name: /Gesamt/ })).toContainText(/inkl\. MwSt\..*93,95\s€/)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'In den Warenkorb' }).click()
  })

  await test.step('the cart holds the song, and the header counts it', async () => {
    await expect(page).toHaveURL(/\/cart$/)
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'VocalBalance' }) })
    await expect(item).toContainText('Meditation')
    await expect(item).toContainText('Innere Ruhe')
    await expect(item).toContainText('Mit Streaming-Veröffentlichung')
    await expect(item).toContainText('Mit Sprachaufnahme')
    await expect(item).toContainText(/93,95\s€/)
    await expect(page.getByRole('row', { name: /Versand/ })).toContainText(/0,00\s€/)
    await expect(page.getByRole('row', { name: /Gesamtsumme/ })).toContainText(/93,95\s€/)
    await expect(page.getByRole('link', { name: 'Zur Kasse' })).toHaveAttribute('href', '/checkout')
    await expect(header(page).getByRole('link', { name: 'Warenkorb, 1 Artikel' })).toBeVisible()
    await expect.poll(() => audioDuration(page, 'Sprachaufnahme zu VocalBalance anhören')).toBeGreaterThan(1)
    await expectAccessible(page)
  })

  await test.step('after a reload the item and its recording are still there', async () => {
    await page.reload()
    const preview = page.getByLabel('Sprachaufnahme zu VocalBalance anhören')
    await expect(preview).toHaveAttribute('src', /^blob:/)
    await expect.poll(() => audioDuration(page, 'Sprachaufnahme zu VocalBalance anhören')).toBeGreaterThan(1)
    // The draft's recording moved to the cart item; nothing else is left behind.
    expect(await storedRecordingKeys(page)).toEqual([expect.stringMatching(/^cart:/)])
  })

  await test.step('remove deletes the item and its recording', async () => {
    await page.getByRole('button', { name: 'Entfernen: VocalBalance – Meditation, Innere Ruhe' }).click()
    await expect(page.getByRole('heading', { name: 'Dein Warenkorb ist leer.' })).toBeVisible()
    await expect(header(page).getByRole('link', { name: 'Warenkorb', exact: true })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]')
    await expect.poll(() => storedRecordingKeys(page)).toEqual([])
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Dein Warenkorb ist leer.' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Wunschsong gestalten' })).toHaveAttribute('href', '/custom-songs')
  })
})

test('the step indicator links only to earlier steps', async ({ page }) => {
  await page.goto('/custom-songs')
  await expect(steps(page).getByRole('link')).toHaveCount(0)
  await expect(steps(page).locator('[aria-current="step"]')).toHaveText(/Paket/)

  await page.goto('/custom-songs/deepflow')
  await expect(steps(page).getByRole('link')).toHaveCount(1)
  await expect(steps(page).getByRole('link', { name: /Paket/ })).toHaveAttribute('href', '/custom-songs')
  await expect(steps(page).locator('[aria-current="step"]')).toHaveText(/Bereich/)
  await expect(steps(page).getByText('Details')).toBeVisible()

  await page.goto('/custom-songs/deepflow/sleep')
  await expect(steps(page).getByRole('link')).toHaveCount(2)
  await expect(steps(page).getByRole('link', { name: /Bereich/ })).toHaveAttribute('href', '/custom-songs/deepflow')
  await expect(steps(page).locator('[aria-current="step"]')).toHaveText(/Details/)
  await steps(page).getByRole('link', { name: /Paket/ }).click()
  await expect(page).toHaveURL(/\/custom-songs$/)
})

test('back on the review returns to the details with every choice kept, also after reloads', async ({ page }) => {
  await page.goto('/custom-songs/deepflow/sleep')
  await detailsReady(page)
  await page.getByRole('radio', { name: 'Dankbarkeit' }).check()
  await page.getByLabel('Persönliche Nachricht (optional)').fill('Zum Einschlafen nach langen Tagen.')
  await page.getByRole('checkbox', { name: /Streaming/ }).check()
  await page.reload()
  await expect(page.getByRole('radio', { name: 'Dankbarkeit' })).toBeChecked()
  await expect(page.getByLabel('Persönliche Nachricht (optional)')).toHaveValue('Zum Einschlafen nach langen Tagen.')
  await page.getByRole('button', { name: 'Weiter zur Übersicht' }).click()

  await expect(page).toHaveURL(/\/custom-songs\/deepflow\/sleep\/review$/)
  await page.reload()
  await expect(page.locator('dl')).toContainText('Dankbarkeit')
  await expect(page.getByRole('row', { name: /Gesamt/ })).toContainText(/153,95\s€/)
  await expect(steps(page).getByRole('link')).toHaveCount(3)
  await expect(steps(page).locator('[aria-current="step"]')).toHaveCount(0)

  await page.getByRole('button', { name: 'Zurück' }).click()
  await expect(page).toHaveURL(/\/custom-songs\/deepflow\/sleep$/)
  await expect(page.getByRole('radio', { name: 'Dankbarkeit' })).toBeChecked()
  await expect(page.getByLabel('Persönliche Nachricht (optional)')).toHaveValue('Zum Einschlafen nach langen Tagen.')
  await expect(page.getByRole('checkbox', { name: /Streaming/ })).toBeChecked()
})

test('a review without a draft sends the visitor to the details step', async ({ page }) => {
  await page.goto('/custom-songs/soundtouch/yoga/review')
  await expect(page).toHaveURL(/\/custom-songs\/soundtouch\/yoga$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erzähl mir von deinem Song')
})

test('without a theme the details say "Bitte gib ein Thema an." and stay; the own theme needs its text', async ({ page }) => {
  await page.goto('/custom-songs/soundtouch/focus')
  const url = page.url()
  await page.getByRole('button', { name: 'Weiter zur Übersicht' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Bitte gib ein Thema an.' })).toHaveText('Bitte gib ein Thema an.')
  await expect(page.getByRole('radio').first()).toBeFocused()
  expect(page.url()).toBe(url)
  await expectAccessible(page)

  await page.getByRole('radio', { name: 'Eigenes Thema' }).check()
  await expect(page.getByRole('alert').filter({ hasText: 'Bitte gib ein Thema an.' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Weiter zur Übersicht' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Bitte beschreibe dein eigenes Thema' })).toBeVisible()
  await expect(page.getByLabel('Dein eigenes Thema')).toBeFocused()
  expect(page.url()).toBe(url)

  await page.getByLabel('Dein eigenes Thema').fill('Mut für den Neuanfang')
  await page.getByRole('button', { name: 'Weiter zur Übersicht' }).click()
  await expect(page).toHaveURL(/\/custom-songs\/soundtouch\/focus\/review$/)
  await expect(page.locator('dl')).toContainText('Eigenes Thema: „Mut für den Neuanfang“')
  await expect(page.getByRole('row', { name: /Gesamt/ })).toContainText(/39,00\s€/)
})

test('in English: "Please specify a theme." and English prices', async ({ page }) => {
  await useLanguage(page, 'en')
  await page.goto('/custom-songs/vocalbalance/birthday-gift')
  await expect(page.getByRole('navigation', { name: 'Steps to your custom song' }).locator('[aria-current="step"]')).toHaveText(/Details/)
  await expect(page.getByText(/at most 5 minutes/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: /\(\+€24\.95\)/ })).toBeVisible()
  await page.getByRole('button', { name: 'Continue to review' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please specify a theme.' })).toHaveText('Please specify a theme.')
  await expect(page).toHaveURL(/\/custom-songs\/vocalbalance\/birthday-gift$/)
  await page.getByRole('radio', { name: 'Self-love' }).check()
  await page.getByRole('button', { name: 'Continue to review' }).click()
  await expect(page.getByRole('row', { name: /Total/ })).toContainText(/incl\. VAT.*€69\.00/)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.getByRole('button', { name: 'Remove: VocalBalance – Birthday gift, Self-love' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
})

test('only VocalBalance and DeepFlow offer a voice recording', async ({ page }) => {
  for (const [slug, offered] of [
    ['soundtouch', false],
    ['vocalbalance', true],
    ['deepflow', true],
  ] as const) {
    await page.goto(`/custom-songs/${slug}/meditation`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Aufnahme starten' }), slug).toHaveCount(offered ? 1 : 0)
    await expect(page.getByRole('heading', { name: 'Deine Sprachaufnahme (optional)' }), slug).toHaveCount(offered ? 1 : 0)
  }
})

test('unknown packages and use types get the 404 page', async ({ page }) => {
  for (const path of ['/custom-songs/gibt-es-nicht', '/custom-songs/vocalbalance/gibt-es-nicht', '/custom-songs/gibt-es-nicht/meditation/review']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden')
  }
})

test('microphone denied or missing (simulated by replacing getUserMedia) shows what to do', async ({ page }) => {
  await page.addInitScript(() => {
    const errors = ['NotAllowedError', 'NotFoundError']
    let call = 0
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('simulated', errors[call++ % errors.length]))
  })
  await page.goto('/custom-songs/deepflow/yoga')
  const start = page.getByRole('button', { name: 'Aufnahme starten' })
  await start.click()
  await expect(page.getByRole('alert').filter({ hasText: 'Der Zugriff auf dein Mikrofon ist nicht erlaubt.' })).toBeVisible()
  await expect(start).toBeFocused()
  await start.click()
  await expect(page.getByRole('alert').filter({ hasText: 'Es wurde kein Mikrofon gefunden.' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'nicht erlaubt' })).toHaveCount(0)
})

test('a browser that cannot record (simulated by removing MediaRecorder) is told so', async ({ page }) => {
  await page.addInitScript(() => {
    // @ts-expect-error: simulating an old browser
    delete window.MediaRecorder
  })
  await useLanguage(page, 'en')
  await page.goto('/custom-songs/vocalbalance/sleep')
  await expect(page.getByRole('alert').filter({ hasText: 'Your browser cannot record here.' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeDisabled()
})

test('a cart with foreign or broken content still renders', async ({ page }) => {
  await page.goto('/cart')
  await page.evaluate(() => localStorage.setItem('cart', '{"not":"a list"'))
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Dein Warenkorb ist leer.' })).toBeVisible()
  await page.evaluate(() =>
    localStorage.setItem('cart', JSON.stringify([{ packageId: 'deepflow', typeId: 'sleep', theme: 'retired-theme', price: 129 }, 42, null])),
  )
  await page.reload()
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'DeepFlow' }) })
  await expect(item).toContainText('Schlaf')
  await expect(item).toContainText('retired-theme')
  await expect(page.getByRole('row', { name: /Gesamtsumme/ })).toContainText(/129,00\s€/)
})
