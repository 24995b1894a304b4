import { expect, expectAccessible, test, useLanguage } from './support'

const PAGES: { path: string; de: RegExp; en: RegExp }[] = [
  { path: '/', de: /Musik, die dich zur Ruhe kommen lässt/, en: /Music that lets you come to rest/ },
  { path: '/about', de: /Lina/, en: /Lina/ },
  { path: '/music', de: /^Musik$/, en: /^Music$/ },
  { path: '/news', de: /^Neuigkeiten$/, en: /^News$/ },
  { path: '/contact', de: /^Kontakt$/, en: /^Contact$/ },
]

const LEGAL: { path: string; heading: RegExp }[] = [
  { path: '/agb', heading: /Allgemeine Geschäftsbedingungen/ },
  { path: '/impressum', heading: /^Impressum$/ },
  { path: '/disclaimer', heading: /Datenschutzerklärung/ },
  { path: '/buying_conditions', heading: /Zahlungsbedingungen/ },
  { path: '/widerruf', heading: /Widerrufsbelehrung/ },
  { path: '/en/terms', heading: /General terms and conditions/ },
  { path: '/en/imprint', heading: /^Imprint$/ },
  { path: '/en/disclaimer', heading: /Privacy statement/ },
  { path: '/en/buying_conditions', heading: /Payment terms/ },
  { path: '/en/withdrawal', heading: /Withdrawal instructions/ },
]

for (const locale of ['de', 'en'] as const) {
  test.describe(`storefront in ${locale}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, locale))

    for (const { path, ...headings } of PAGES) {
      test(`${path} answers 200, shows its content and is accessible`, async ({ page }) => {
        const response = await page.goto(path)
        expect(response?.status()).toBe(200)
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings[locale])
        await expectAccessible(page)
      })
    }
  })
}

test('the catalog detail pages show their content and are accessible', async ({ page }) => {
  await page.goto('/music')
  await page
    .getByRole('link')
    .filter({ has: page.locator('img') })
    .first()
    .click()
  await expect(page).toHaveURL(/\/music-group\/\d+/)
  await expect(page.getByRole('button', { name: 'Alle abspielen' })).toBeVisible()
  await expect(page.getByRole('table')).toBeVisible()
  await expectAccessible(page)

  await page.goto('/music?tab=playlists')
  await page.getByRole('tabpanel').getByRole('link').first().click()
  await expect(page).toHaveURL(/\/category\/\d+/)
  await expect(page.getByRole('button', { name: 'Abspielen', exact: true })).toBeVisible()
  await expectAccessible(page)

  await page.goto('/news')
  await page
    .getByRole('link', { name: /Weiterlesen/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/news\/\d+/)
  await expect(page.locator('article time')).toBeVisible()
  await expectAccessible(page)
})

test('the legal pages answer in their language', async ({ page }) => {
  for (const { path, heading } of LEGAL) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page.locator('html')).toHaveAttribute('lang', path.startsWith('/en/') ? 'en' : 'de')
    await expectAccessible(page)
  }
})

test('the language selector switches every text and is remembered', async ({ page }) => {
  await page.goto('/music')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Musik')
  await page.getByRole('button', { name: 'Switch to English' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Music')
  await expect(page.getByRole('tab', { name: 'Albums' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Music')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.getByRole('button', { name: 'Auf Deutsch umschalten' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Musik')
})

test('unknown ids and paths get the 404 page', async ({ page }) => {
  for (const path of ['/music-group/999999', '/category/abc', '/news/0', '/gibt-es-nicht']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden')
  }
})

test.describe('dark theme', () => {
  test.use({ colorScheme: 'light' })
  test('persists across a reload without a light flash', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await page.getByRole('button', { name: 'Dunkles Design einschalten' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    // The theme must be on <html> before the first paint: check it as soon as the document is parsed.
    await page.reload({ waitUntil: 'commit' })
    await page.waitForFunction(() => document.documentElement !== null)
    const themeAtParse = await page.evaluate(() => document.documentElement.dataset.theme)
    expect(themeAtParse).toBe('dark')
    await expect(page.getByRole('button', { name: 'Helles Design einschalten' })).toBeVisible()
  })
})

test.describe('system preference', () => {
  test.use({ colorScheme: 'dark' })
  test('applies when nothing is stored', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } })
  test('the menu opens and closes with its button and the keyboard', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await expect(nav.getByRole('link', { name: 'Musik' })).toBeHidden()
    const toggle = page.getByRole('button', { name: 'Menü öffnen' })
    await toggle.click()
    await expect(page.getByRole('button', { name: 'Menü schließen' })).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Musik' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(nav.getByRole('link', { name: 'Musik' })).toBeHidden()
    await page.getByRole('button', { name: 'Menü öffnen' }).focus()
    await page.keyboard.press('Enter')
    await nav.getByRole('link', { name: 'Musik' }).click()
    await expect(page).toHaveURL(/\/music/)
    await expect(nav.getByRole('link', { name: 'Musik' })).toBeHidden()
  })
})

test('the header shows how many items the cart holds, updated at once', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
  await expect(nav.getByRole('link', { name: 'Warenkorb', exact: true })).toBeVisible()
  await page.evaluate(() => {
    const item = { packageId: 'deepflow', typeId: 'sleep', theme: 'gratitude', note: '', spotifyOption: false, audioFile: null, price: 129 }
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { ...item, id: 'a' },
        { ...item, id: 'b' },
      ]),
    )
    window.dispatchEvent(new Event('cart-changed'))
  })
  await expect(nav.getByRole('link', { name: 'Warenkorb, 2 Artikel' })).toBeVisible()
  await page.reload()
  await expect(nav.getByRole('link', { name: 'Warenkorb, 2 Artikel' })).toBeVisible()
})

test('a logged-in visitor sees account and logout, and logging out ends the session', async ({ page, request }) => {
  const email = `header-${Date.now()}@example.com`
  const created = await request.post('/api/accounts/register/', {
    data: { email, username: `header-${Date.now()}`, password: 'Ruhige-Klaenge-9' },
  })
  expect(created.status()).toBe(201)
  const login = await page.request.post('/api/cms/users/login', { data: { email, password: 'Ruhige-Klaenge-9' } })
  expect(login.status()).toBe(200)

  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
  await expect(nav.getByRole('link', { name: 'Mein Konto' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Anmelden' })).toHaveCount(0)
  await nav.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/')
  await expect(nav.getByRole('link', { name: 'Anmelden' })).toBeVisible()
})
