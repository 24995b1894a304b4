import { randomBytes } from 'node:crypto'
import { type Page, request } from '@playwright/test'
import { expect, expectAccessible, fromTheShop, logInToAdmin, sellerAuthorization, test, useLanguage } from './support'
import { CONSENTS } from '../support/orders'

/** "23. November 2026 um 14:05 MEZ" / "23 November 2026 at 14:05 CET": date and time of receipt. */
const GERMAN_RECEIPT = /^Eingegangen am \d{1,2}\. [A-Za-zäÄ]+ \d{4} um \d{2}:\d{2} (MEZ|MESZ)$/
const ENGLISH_RECEIPT = /^Received on \d{1,2} [A-Za-z]+ \d{4} at \d{2}:\d{2} (CET|CEST)$/

/** The seller's view of the stored declarations, through Payload's REST as the admin panel reads them. */
async function sellerFindsWithdrawals(where: Record<string, string>) {
  const api = await request.newContext({ baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:3000' })
  const query = Object.entries(where).map(([field, value]) => `where[${field}][equals]=${encodeURIComponent(value)}`)
  const response = await api.get(`/api/cms/withdrawals?depth=0&${query.join('&')}`, { headers: await sellerAuthorization() })
  expect(response.status()).toBe(200)
  const { docs } = await response.json()
  await api.dispose()
  return docs as Array<Record<string, any>>
}

/** A fresh customer, registered and logged in through the API; the page's context keeps the cookie. */
async function logInAsNewCustomer(page: Page) {
  const username = `widerruf-${randomBytes(4).toString('hex')}`
  const account = { username, email: `${username}@example.com`, password: `Ruhig-${randomBytes(6).toString('hex')}` }
  expect((await page.request.post('/api/accounts/register/', { data: account, headers: fromTheShop })).status()).toBe(201)
  expect((await page.request.post('/api/auth/', { data: { username, password: account.password }, headers: fromTheShop })).status()).toBe(200)
  return account
}

async function placeOrder(page: Page, billing_name?: string): Promise<number> {
  const response = await page.request.post('/api/orders/', {
    data: { package: 'vocalbalance', use_type: 'meditation', theme: 'inner-peace', payment_method: 'prepayment', ...CONSENTS, billing_name },
    headers: fromTheShop,
  })
  expect(response.status()).toBe(201)
  return (await response.json()).id
}

test.describe('"Vertrag widerrufen": the online withdrawal function', () => {
  test('every page links to it in the footer, by name, in both languages', async ({ page }) => {
    for (const path of ['/', '/music', '/contact', '/agb', '/custom-songs']) {
      await page.goto(path)
      const link = page.getByRole('contentinfo').getByRole('link', { name: 'Vertrag widerrufen', exact: true })
      await expect(link, path).toHaveAttribute('href', '/vertrag-widerrufen')
    }
    await useLanguage(page, 'en')
    for (const path of ['/', '/music', '/contact', '/en/terms']) {
      await page.goto(path)
      const link = page.getByRole('contentinfo').getByRole('link', { name: 'Withdraw from contract', exact: true })
      await expect(link, path).toHaveAttribute('href', '/en/withdraw')
    }
    await page.getByRole('contentinfo').getByRole('link', { name: 'Withdraw from contract' }).click()
    await expect(page).toHaveURL(/\/en\/withdraw$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Withdraw from contract' })).toBeVisible()
  })

  test('each route answers in its own language, whatever was chosen elsewhere', async ({ page }) => {
    await useLanguage(page, 'en')
    await page.goto('/vertrag-widerrufen')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Widerrufsbelehrung' })).toHaveAttribute('href', '/widerruf')

    await useLanguage(page, 'de')
    await page.goto('/en/withdraw')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('button', { name: 'Continue to confirmation' })).toBeVisible()
    // The language selector leads to the same form in the other language.
    await page.getByRole('button', { name: 'Auf Deutsch umschalten' }).click()
    await expect(page).toHaveURL(/\/vertrag-widerrufen$/)
  })

  test('without login: form, the complete declaration to confirm, then the receipt with date and time', async ({ page }) => {
    const details = `Wunschsong ${randomBytes(4).toString('hex')}`
    const email = `mara-${randomBytes(4).toString('hex')}@example.com`
    await page.goto('/vertrag-widerrufen')
    await expect(page.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' })).toBeVisible()
    await expectAccessible(page)

    await page.getByLabel('Name').fill('Mara Muster')
    await page.getByLabel('Bestellnummer').fill('4711')
    await page.getByLabel('E-Mail').fill(email)
    await page.getByLabel('Welchen Vertrag widerrufst du? (freiwillig)').fill(details)
    await page.getByRole('button', { name: 'Weiter zur Bestätigung' }).click()

    const review = page.getByRole('region', { name: 'Bitte bestätige deinen Widerruf' })
    await expect(review.getByRole('heading', { name: 'Bitte bestätige deinen Widerruf' })).toBeFocused()
    const declaration = review.getByRole('figure', { name: 'Deine Widerrufserklärung' })
    await expect(declaration).toContainText('Hiermit widerrufe ich den von mir abgeschlossenen Vertrag (Bestellung Nr. 4711).')
    await expect(declaration).toContainText('Name: Mara Muster')
    await expect(declaration).toContainText(`E-Mail: ${email}`)
    await expect(declaration).toContainText(`Angaben zum Vertrag: ${details}`)
    await expectAccessible(page)

    // Changing a detail keeps everything typed so far.
    await review.getByRole('button', { name: 'Angaben ändern' }).click()
    await expect(page.getByLabel('Name')).toHaveValue('Mara Muster')
    await expect(page.getByLabel('Bestellnummer')).toHaveValue('4711')
    await expect(page.getByLabel('Welchen Vertrag widerrufst du? (freiwillig)')).toHaveValue(details)
    await page.getByRole('button', { name: 'Weiter zur Bestätigung' }).click()

    await page.getByRole('button', { name: 'Widerruf bestätigen' }).click()
    const receipt = page.getByRole('region', { name: 'Dein Widerruf ist eingegangen' })
    await expect(receipt.getByRole('heading', { name: 'Dein Widerruf ist eingegangen' })).toBeFocused()
    await expect(receipt.getByRole('status')).toHaveText(GERMAN_RECEIPT)
    await expect(receipt.getByRole('figure', { name: 'Deine Widerrufserklärung' })).toContainText('Bestellung Nr. 4711')
    await expect(receipt).toContainText(`an ${email} geschickt`)
    await expectAccessible(page)

    const [stored] = await sellerFindsWithdrawals({ details })
    expect(stored).toMatchObject({ name: 'Mara Muster', email, order_number: '4711', locale: 'de', order: null, customer: null })
    expect(stored!.declaration).toBe(await receipt.getByRole('figure').locator('blockquote').innerText())
    // The time shown is the time stored.
    const shown = await receipt.getByRole('status').locator('time').getAttribute('datetime')
    expect(new Date(stored!.received_at).toISOString()).toBe(shown)
  })

  test('bad input is named next to its field and in a summary, nothing is sent and nothing typed is lost', async ({ page }) => {
    let posted = 0
    page.on('request', (sent) => sent.url().includes('/api/withdrawals') && posted++)
    await page.goto('/vertrag-widerrufen')
    await page.getByLabel('Bestellnummer').fill('Bestellung vom Montag')
    await page.getByLabel('E-Mail').fill('mara@')
    await page.getByLabel('Welchen Vertrag widerrufst du? (freiwillig)').fill('Der Song für Oma')
    await page.getByRole('button', { name: 'Weiter zur Bestätigung' }).click()

    const summary = page.getByRole('main').getByRole('alert')
    await expect(summary).toContainText('Bitte gib deinen Namen an.')
    await expect(summary).toContainText('Diese Bestellnummer kennen wir in dieser Form nicht')
    await expect(summary).toContainText('Bitte gib eine gültige E-Mail-Adresse an')
    await expect(page.getByLabel('Name')).toBeFocused()
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Bitte gib deinen Namen an.')
    await expect(page.getByLabel('E-Mail')).toHaveAccessibleDescription(/Eingangsbestätigung.*Bitte gib eine gültige E-Mail-Adresse an/)
    await expect(page.getByLabel('Bestellnummer')).toHaveValue('Bestellung vom Montag')
    await expect(page.getByLabel('E-Mail')).toHaveValue('mara@')
    await expect(page.getByLabel('Welchen Vertrag widerrufst du? (freiwillig)')).toHaveValue('Der Song für Oma')
    await expectAccessible(page)
    expect(posted).toBe(0)

    // Corrected with the keyboard alone: Enter in a field goes on to the confirmation.
    await page.getByLabel('Name').fill('Mara')
    await page.getByLabel('Bestellnummer').fill('Nr. 42')
    await page.getByLabel('E-Mail').fill('mara@example.com')
    await page.getByLabel('E-Mail').press('Enter')
    await expect(page.getByRole('heading', { name: 'Bitte bestätige deinen Widerruf' })).toBeFocused()
    await expect(page.getByRole('figure')).toContainText('(Bestellung Nr. 42)')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Widerruf bestätigen' })).toBeFocused()
  })

  test('a refusal by the server is shown at its field, and a network failure keeps everything for another try', async ({ page }) => {
    const email = `mara-${randomBytes(4).toString('hex')}@example.com`
    await useLanguage(page, 'en')
    await page.goto('/en/withdraw')
    await page.getByLabel('Name').fill('Mara')
    await page.getByLabel('Order number').fill('42')
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Continue to confirmation' }).click()

    // The browser's check passed; the server still checks on its own (here: an address it refuses).
    await page.route('**/api/withdrawals/', (route) => route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), email: 'refused@' }) }))
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Please enter a valid e-mail address')
    await expect(page.getByLabel('E-mail')).toBeFocused()
    await expect(page.getByLabel('E-mail')).toHaveValue(email)
    await expect(page.getByLabel('Name')).toHaveValue('Mara')
    await page.unroute('**/api/withdrawals/')

    await page.route('**/api/withdrawals/', (route) => route.abort('internetdisconnected'))
    await page.getByRole('button', { name: 'Continue to confirmation' }).click()
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(/^Network error: your withdrawal was not sent/)
    await page.unroute('**/api/withdrawals/')
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
    await expect(page.getByRole('heading', { name: 'Your withdrawal has been received' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('status')).toHaveText(ENGLISH_RECEIPT)
    await expect(page.getByRole('figure', { name: 'Your declaration of withdrawal' })).toContainText(
      'I hereby withdraw from the contract concluded by me (order no. 42).',
    )
  })

  test('logged in: reached from the account and the order page, filled in, the order chosen from a list', async ({ page }) => {
    const account = await logInAsNewCustomer(page)
    const first = await placeOrder(page)
    const second = await placeOrder(page, 'Mara Muster')

    await page.goto('/account')
    await page.getByRole('main').getByRole('link', { name: 'Vertrag widerrufen', exact: true }).click()
    await expect(page).toHaveURL(/\/vertrag-widerrufen$/)
    // The name on the last invoice, the account's e-mail address, the orders to choose from.
    await expect(page.getByLabel('Name')).toHaveValue('Mara Muster')
    await expect(page.getByLabel('E-Mail')).toHaveValue(account.email)
    const orders = page.getByLabel('Bestellung', { exact: true })
    await expect(orders.getByRole('option', { name: new RegExp(`^Bestellung Nr. ${first} vom .+ – VocalBalance$`) })).toBeAttached()
    await expect(page.getByLabel('Bestellnummer')).toHaveCount(0)
    await expectAccessible(page)

    // Nothing chosen yet: the list says so.
    await page.getByRole('button', { name: 'Weiter zur Bestätigung' }).click()
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Bitte gib die Bestellnummer an.')
    await expect(orders).toBeFocused()

    // The order page's link comes with its order chosen.
    await page.goto(`/account/orders/${second}`)
    await page.getByRole('main').getByRole('link', { name: 'Vertrag widerrufen', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/vertrag-widerrufen\\?order=${second}$`))
    await expect(orders).toHaveValue(String(second))

    // "Another order number" opens the text field.
    await orders.selectOption({ label: 'Andere Bestellnummer eingeben' })
    await expect(page.getByLabel('Bestellnummer')).toBeVisible()
    await orders.selectOption(String(second))

    await page.getByRole('button', { name: 'Weiter zur Bestätigung' }).click()
    await expect(page.getByRole('figure')).toContainText(`Hiermit widerrufe ich den von mir abgeschlossenen Vertrag (Bestellung Nr. ${second}).`)
    await page.getByRole('button', { name: 'Widerruf bestätigen' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText(GERMAN_RECEIPT)

    const [stored] = await sellerFindsWithdrawals({ order: String(second) })
    expect(stored).toMatchObject({ name: 'Mara Muster', email: account.email, order_number: String(second), order: second })
    expect(stored!.customer).toEqual(expect.any(Number))
    // The order itself is untouched: the seller decides what follows.
    await page.goto(`/account/orders/${second}`)
    await expect(page.getByText('Zahlung ausstehend')).toBeVisible()
  })

  test('the seller finds the declaration in its own admin list and with its order', async ({ page, browser }) => {
    // The admin panel renders on the client and loads the order's withdrawals in a request of their own.
    test.slow()
    const customer = await browser.newPage()
    await logInAsNewCustomer(customer)
    const orderId = await placeOrder(customer, 'Admin Sichtbar')
    await customer.goto(`/vertrag-widerrufen?order=${orderId}`)
    await customer.getByRole('button', { name: 'Weiter zur Bestätigung' }).click()
    await customer.getByRole('button', { name: 'Widerruf bestätigen' }).click()
    await expect(customer.getByRole('main').getByRole('status')).toHaveText(GERMAN_RECEIPT)
    await customer.close()

    await logInToAdmin(page)
    await page.goto('/admin/collections/withdrawals')
    await expect(page.getByRole('heading', { name: 'Widerrufe' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Admin Sichtbar' }).first()).toBeVisible()

    await page.goto(`/admin/collections/orders/${orderId}`)
    const joined = page.locator('#field-withdrawals')
    await expect(joined).toContainText('Admin Sichtbar', { timeout: 30_000 })
  })
})
