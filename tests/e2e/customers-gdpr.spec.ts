import { expect, expectAccessible, logInToAdmin, test } from './support'

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots-gdpr'

test('the seller finds a customer under "Kunden", sees their orders and downloads the GDPR export', async ({ page }) => {
  await logInToAdmin(page)
  await page.getByRole('button', { name: /Menü/ }).first().click()
  await page.getByRole('link', { name: 'Kunden', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/users\?.*role/)
  await expect(page.getByRole('row').filter({ hasText: 'admin@example.com' })).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/customers-list.png`, fullPage: true })
  // Other tests have registered many customers by now: search for the demo customer.
  await page.getByPlaceholder(/Suche nach/).fill('demo-kundin')
  const row = page.getByRole('row').filter({ hasText: 'demo-kundin' })
  await expect(row).toContainText('demo-kundin@example.com')
  await expect(row.locator('td').filter({ hasText: /^3$/ })).toHaveCount(1)

  await row.getByRole('link', { name: 'demo-kundin' }).first().click()
  await expect(page.getByText('Datenschutz (DSGVO)')).toBeVisible()
  const orders = page.locator('.relationship-table, [id*="field-orders"]').first()
  await expect(orders).toContainText('DeepFlow')
  await page.screenshot({ path: `${SHOTS}/customer-with-orders.png`, fullPage: true })

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Daten exportieren (DSGVO)' }).click()])
  expect(download.suggestedFilename()).toMatch(/^kunde-\d+-daten-\d{4}-\d{2}-\d{2}\.zip$/)
  const head = await new Promise<Buffer>((resolve, reject) => {
    download.createReadStream().then((stream) => {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => resolve(Buffer.concat(chunks)))
      stream.on('error', reject)
    }, reject)
  })
  expect(head.subarray(0, 2).toString()).toBe('PK')

  // The demo customer's delivered song is not confirmed yet: anonymising is refused, in German.
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Kundendaten anonymisieren' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Noch offene Bestellungen' })).toContainText('abgeschlossen, storniert oder erstattet')
  await page.screenshot({ path: `${SHOTS}/customer-anonymise-refused.png`, fullPage: true })
})

test('an anonymised former customer shows what stays: the order with its billing name, no personal data', async ({ page }) => {
  await logInToAdmin(page)
  // Among many customers (earlier tests made plenty), the seller narrows the list to the anonymised ones.
  await page.goto('/admin/collections/users?where[role][equals]=customer&where[anonymised_at][exists]=true')
  await page
    .getByRole('link', { name: /^geloescht-\d+$/ })
    .first()
    .click()
  await expect(page.getByText('Anonymisiert am').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Kundendaten anonymisieren' })).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/customer-anonymised.png`, fullPage: true })
})

test('a customer deletes their account from /account with their password and is logged out', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL })
  const username = `loeschen-${Date.now()}`
  const password = 'Ruhige-Klaenge-9'
  expect((await api.post('/api/accounts/register/', { data: { username, email: `${username}@example.com`, password } })).status()).toBe(201)
  await api.dispose()

  await page.goto('/login')
  await page.getByLabel('Benutzername oder E-Mail').fill(username)
  await page.getByLabel('Passwort').fill(password)
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect(page).toHaveURL(/\/account$/)

  const section = page.getByRole('region', { name: 'Konto löschen' })
  await expect(section).toContainText('acht Jahre')
  const submit = section.getByRole('button', { name: 'Konto löschen' })
  await expect(submit).toBeDisabled()
  await section.getByLabel('Dein Passwort zur Bestätigung').fill('falsches-passwort')
  await section.getByLabel('Ich möchte mein Konto endgültig löschen.').check()
  await submit.click()
  await expect(section.getByRole('alert')).toHaveText('Das Passwort stimmt nicht.')
  await page.screenshot({ path: `${SHOTS}/account-delete-wrong-password.png`, fullPage: true })
  await expectAccessible(page)

  await section.getByLabel('Dein Passwort zur Bestätigung').fill(password)
  await submit.click()
  await expect(page).toHaveURL(/\/account\/deleted$/)
  await expect(page.getByRole('heading', { name: 'Dein Konto ist gelöscht' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/account-deleted.png`, fullPage: true })

  await page.goto('/account')
  await expect(page).toHaveURL(/\/login/)
  await page.getByLabel('Benutzername oder E-Mail').fill(username)
  await page.getByLabel('Passwort').fill(password)
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect(page.getByRole('alert').or(page.locator('.error-message')).first()).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})
