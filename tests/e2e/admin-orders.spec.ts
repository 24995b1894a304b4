import { CONSENT_WORDING_VERSION } from '../../src/orders/consent'
import { CONSENTS } from '../support/orders'
import { expect, logInToAdmin, test } from './support'

test('the seller finds a new order in the admin panel, sees its price and marks it paid', async ({ page, playwright, baseURL }) => {
  // A customer orders through the storefront API, in a request context of their own.
  const customer = await playwright.request.newContext({ baseURL })
  const username = `bestellerin-${Date.now()}`
  const password = 'Ruhige-Klaenge-9'
  expect((await customer.post('/api/accounts/register/', { data: { username, email: `${username}@example.com`, password } })).status()).toBe(201)
  const { access } = await (await customer.post('/api/auth/', { data: { username, password } })).json()
  const authorization = { Authorization: `Bearer ${access}` }
  const placed = await customer.post('/api/orders/', {
    headers: authorization,
    data: { package: 'deepflow', theme: 'gratitude', use_type: 'sleep', spotify_option: true, personal_note: 'Für meine Schwester', ...CONSENTS },
  })
  expect(placed.status()).toBe(201)
  const { id } = await placed.json()

  await logInToAdmin(page)
  await page.goto('/admin/collections/orders')
  await expect(page.getByRole('heading', { name: 'Bestellungen' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: username })
  await expect(row).toContainText('DeepFlow')
  await expect(row).toContainText('153.95')
  await expect(row).toContainText('Zahlung ausstehend')

  await page.goto(`/admin/collections/orders/${id}`)
  await expect(page.locator('#field-personal_note')).toHaveValue('Für meine Schwester')
  await expect(page.locator('#field-total')).toHaveValue('153.95')
  await expect(page.locator('#field-total')).toBeDisabled()
  // The customer's consents, as recorded when ordering: shown, never editable.
  await expect(page.getByText('Vorzeitigem Beginn zugestimmt am')).toBeVisible()
  await expect(page.locator('#field-consent_wording_version')).toHaveValue(CONSENT_WORDING_VERSION)
  await expect(page.locator('#field-consent_wording_version')).toBeDisabled()
  await expect(page.locator('#field-locale')).toContainText('Deutsch')
  await page.locator('#field-status .rs__control').click()
  await page.locator('.rs__option', { hasText: 'Bezahlt' }).click()
  await page.getByRole('button', { name: 'Speichern' }).click()

  const listedStatus = async () => (await (await customer.get('/api/orders/my/', { headers: authorization })).json())[0]?.status
  await expect.poll(listedStatus).toBe('paid')
  await customer.dispose()
})

test('the admin refuses a status step the life cycle does not allow, with a clear message, and shows the history', async ({ page, playwright, baseURL }) => {
  const customer = await playwright.request.newContext({ baseURL })
  const username = `sprung-${Date.now()}`
  const password = 'Ruhige-Klaenge-9'
  expect((await customer.post('/api/accounts/register/', { data: { username, email: `${username}@example.com`, password } })).status()).toBe(201)
  const { access } = await (await customer.post('/api/auth/', { data: { username, password } })).json()
  const placed = await customer.post('/api/orders/', { headers: { Authorization: `Bearer ${access}` }, data: { package: 'soundtouch', theme: 'gratitude', ...CONSENTS } })
  const { id } = await placed.json()
  await customer.dispose()

  await logInToAdmin(page)

  await page.goto(`/admin/collections/orders/${id}`)
  const chooseStatus = async (label: string) => {
    await page.locator('#field-status .rs__control').click()
    await page.locator('.rs__option', { hasText: label }).click()
    await page.getByRole('button', { name: 'Speichern' }).click()
  }
  // Straight from "awaiting payment" to "delivered" skips the payment: refused, in words.
  await chooseStatus('Geliefert')
  await expect(page.getByText('Der Status kann nicht von „Zahlung ausstehend“ zu „Geliefert“ wechseln.')).toBeVisible()

  await page.reload()
  await chooseStatus('Bezahlt')
  await expect(page.getByText('Der Status kann nicht')).toHaveCount(0)
  await page.reload()
  await expect(page.locator('#field-status')).toContainText('Bezahlt')
  // The history shows the step with its actor.
  const history = page.locator('#field-status_history')
  await expect(history).toContainText('Verkäufer')
  await expect(history.locator('input[value="pending_payment"]')).toHaveCount(1)
  await expect(history.locator('input[value="paid"]')).toHaveCount(1)
})
