import { waitForMail } from '../support/mail'
import { expect, test, useLanguage } from './support'

test.describe('contact form', () => {
  test('missing fields show the app’s message and send nothing', async ({ page }) => {
    let posted = false
    page.on('request', (request) => request.url().includes('/api/contact') && (posted = true))
    await page.goto('/contact')
    await expect(page.getByLabel('Nachricht')).toHaveAttribute('rows', '5')
    await expect(page.getByLabel('E-Mail')).toHaveAttribute('type', 'email')
    await page.getByLabel('Name').fill('Mara')
    await page.getByRole('button', { name: 'Senden' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Bitte fülle alle notwendigen Felder aus.' })).toBeVisible()
    expect(posted).toBe(false)
  })

  test('a complete message is thanked for', async ({ page }) => {
    await page.goto('/contact')
    await page.getByLabel('Name').fill('Mara')
    await page.getByLabel('E-Mail').fill('mara@example.com')
    await page.getByLabel('Nachricht').fill('Ich hätte gern einen Song für meine Mutter.')
    await page.getByRole('button', { name: 'Senden' }).click()
    await expect(page.getByRole('status')).toHaveText('Vielen Dank für deine Nachricht!')
  })

  test('a visitor whose browser prefers English but reads the German page gets the German receipt and German answers', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' })
    const page = await context.newPage()
    const address = `mara-${Date.now()}@example.com`
    await page.goto('/contact')
    await page.getByLabel('Name').fill('Mara')
    await page.getByLabel('E-Mail').fill('kein-adresse')
    await page.getByLabel('Nachricht').fill('Hallo')
    await page.getByRole('button', { name: 'Senden' }).click()
    await expect(page.getByRole('alert').filter({ hasText: /gültige E-Mail-Adresse/ })).toBeVisible()
    await page.getByLabel('E-Mail').fill(address)
    await page.getByRole('button', { name: 'Senden' }).click()
    await expect(page.getByRole('status')).toHaveText('Vielen Dank für deine Nachricht!')
    expect((await waitForMail({ to: address })).subject).toBe('Danke für deine Nachricht')
    await context.close()
  })

  test('a server rejection shows the server’s detail', async ({ page }) => {
    await useLanguage(page, 'en')
    await page.goto('/contact')
    await page.getByLabel('Name').fill('Mara')
    await page.getByLabel('E-mail').fill('not-an-address')
    await page.getByLabel('Message').fill('Hello')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid e-mail address.' })).toBeVisible()
  })

  test('a network failure says so', async ({ page }) => {
    await page.route('**/api/contact/', (route) => route.abort('internetdisconnected'))
    await page.goto('/contact')
    await page.getByLabel('Name').fill('Mara')
    await page.getByLabel('E-Mail').fill('mara@example.com')
    await page.getByLabel('Nachricht').fill('Hallo')
    await page.getByRole('button', { name: 'Senden' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Netzwerkfehler.' })).toBeVisible()
  })
})
