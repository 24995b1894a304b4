import { expect, test } from './support'

const ADMIN = { email: 'admin@example.com', password: 'test-admin-password' }

test.describe('admin panel', () => {
  test('the seller logs in and sees the collections in German', async ({ page }) => {
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/admin\/login/)
    await page.getByLabel(/E-Mail/).fill(ADMIN.email)
    await page.getByLabel('Passwort').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Anmelden' }).click()
    // The home page is the seller's day, the collections are in the navigation.
    await expect(page.getByRole('heading', { level: 1, name: 'Was heute zu tun ist' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Pakete' }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'Alben & Playlists' }).first()).toBeVisible()

    // Sales beside the commissions, and the EU distance sales against the € 10,000 threshold (issue 33).
    await expect(page.getByRole('heading', { level: 2, name: 'Verkäufe', exact: true })).toBeVisible()
    await expect(page.getByRole('row', { name: /Musikkäufe \(Alben, Titel, Trinkgelder\)/ })).toBeVisible()
    const euSales = page.locator('section[data-eu-sales]')
    await expect(euSales.getByRole('heading', { level: 2, name: 'EU-Fernverkäufe (digitale Leistungen)' })).toBeVisible()
    await expect(euSales).toContainText(`${new Date().getFullYear()}: `)
    await expect(euSales).toContainText('% der Lieferschwelle')

    await page.goto('/admin/collections/packages')
    await expect(page.getByRole('link', { name: 'DeepFlow' })).toBeVisible()
  })

  // PUBLIC_URL is http://127.0.0.1:PORT here; a newcomer types localhost (or the reverse with npm start).
  test('the seller logs in at a loopback alias of the shop’s address', async ({ page, baseURL }) => {
    const alias = new URL(baseURL!)
    expect(alias.hostname).toBe('127.0.0.1')
    alias.hostname = 'localhost'
    await page.goto(new URL('/admin', alias).toString())
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/admin\/login/)
    await page.getByLabel(/E-Mail/).fill(ADMIN.email)
    await page.getByLabel('Passwort').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Was heute zu tun ist' })).toBeVisible()
    await page.goto(new URL('/admin/collections/packages', alias).toString())
    await expect(page.getByRole('link', { name: 'DeepFlow' })).toBeVisible()
    expect(new URL(page.url()).hostname).toBe('localhost')
  })

  test.describe('in English', () => {
    test.use({ locale: 'en-US' })
    test('the login screen and the dashboard speak English', async ({ page }) => {
      await page.goto('/admin/login')
      await page.getByLabel(/Email/).fill(ADMIN.email)
      await page.getByLabel('Password').fill(ADMIN.password)
      await page.getByRole('button', { name: 'Login' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'What to do today' })).toBeVisible()
      await expect(page.getByRole('link', { name: /To compose/ })).toBeVisible()
      await expect(page.getByRole('heading', { level: 2, name: 'EU distance sales (digital services)' })).toBeVisible()
      await expect(page.getByRole('row', { name: /Music purchases \(albums, tracks, tips\)/ })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Packages' }).first()).toBeVisible()
    })
  })

  test('a wrong password is refused', async ({ page }) => {
    await page.goto('/admin/login')
    await page.getByLabel(/E-Mail/).fill(ADMIN.email)
    await page.getByLabel('Passwort').fill('not-the-password')
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await expect(page).toHaveURL(/\/admin\/login/)
    await expect(page.getByRole('link', { name: 'Pakete' })).toHaveCount(0)
  })

  test("a customer who opens /admin gets the seller's login, never data, and the customer's own password does not open it", async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Benutzername oder E-Mail').fill('demo-kunde')
    await page.getByLabel('Passwort').fill(process.env.DEMO_CUSTOMER_PASSWORD ?? '')
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
    await expect(page).toHaveURL(/\/account$/)

    await page.goto('/admin/collections/orders')
    await expect(page.getByRole('heading', { name: 'Nur für den Verkäufer' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Pakete' })).toHaveCount(0)
    await expect(page.getByRole('table')).toHaveCount(0)

    await page.getByLabel('E-Mail').fill('demo-kunde@example.com')
    await page.getByLabel('Passwort').fill(process.env.DEMO_CUSTOMER_PASSWORD ?? '')
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Anmeldung fehlgeschlagen' })).toBeVisible()

    await page.getByLabel('E-Mail').fill(ADMIN.email)
    await page.getByLabel('Passwort').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Was heute zu tun ist' })).toBeVisible()
  })
})
