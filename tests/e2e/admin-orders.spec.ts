import { CONSENT_WORDING_VERSION } from '../../src/orders/consent'
import { customerPlacesOrder, expect, fromTheShop, logInToAdmin, test } from './support'

test('the seller finds a new order in the admin panel, reads the choices as text and marks it paid', async ({ page, playwright, baseURL }) => {
  // A customer orders through the storefront API, in a request context of their own.
  const { customer, username, authorization, placed } = await customerPlacesOrder(() => playwright.request.newContext({ baseURL }), 'bestellerin', {
    package: 'deepflow',
    theme: 'gratitude',
    use_type: 'sleep',
    spotify_option: true,
    personal_note: 'Für meine Schwester',
  })
  const { id } = placed

  await logInToAdmin(page)
  // Newest first: orders awaiting payment have no due date yet and come last in the default order.
  await page.goto('/admin/collections/orders?sort=-createdAt')
  await expect(page.getByRole('heading', { name: 'Bestellungen' })).toBeVisible()
  // Orders come from the shop with the customer's consents; the admin offers no empty one to fill in.
  await expect(page.getByRole('link', { name: 'Neu erstellen' })).toHaveCount(0)
  // Names in the admin's language, never slugs.
  const row = page.getByRole('row').filter({ hasText: username })
  await expect(row).toContainText('DeepFlow')
  await expect(row).toContainText('Schlaf')
  await expect(row).toContainText('Dankbarkeit')
  await expect(row).toContainText('Zahlung ausstehend')
  await expect(row).not.toContainText('deepflow')
  // The seller looks an order up by who ordered it: by e-mail address, and the list keeps only theirs.
  await page.getByPlaceholder(/Suche nach/).fill(`${username}@example`)
  await expect(page.getByRole('row').filter({ hasText: /DeepFlow|SoundTouch|VocalBalance/ })).toHaveCount(1)
  await expect(page.getByRole('row').filter({ hasText: username })).toHaveCount(1)

  await page.goto(`/admin/collections/orders/${id}`)
  // The customer's choices read as text, not as inputs the seller could overwrite.
  await expect(page.getByText('Für meine Schwester')).toBeVisible()
  await expect(page.locator('#field-personal_note')).toHaveCount(0)
  await expect(page.locator('#field-package')).toHaveCount(0)
  await expect(page.locator('#field-total')).toHaveValue('153.95')
  await expect(page.locator('#field-total')).toBeDisabled()
  // The customer's consents, as recorded when ordering: shown, never editable.
  await expect(page.getByText('Vorzeitigem Beginn zugestimmt am')).toBeVisible()
  await expect(page.locator('#field-consent_wording_version')).toHaveValue(CONSENT_WORDING_VERSION)
  await expect(page.locator('#field-consent_wording_version')).toBeDisabled()
  await expect(page.locator('#field-locale')).toContainText('Deutsch')
  // The confirmation is shown, never a checkbox.
  await expect(page.locator('#field-confirmed_by_user')).toHaveCount(0)
  await expect(page.getByText('Vom Kunden bestätigt')).toBeVisible()
  // A new order has no revision request and no withdrawal: no empty tables for them.
  await expect(page.getByText('Keine Ergebnisse gefunden')).toHaveCount(0)
  await page.getByRole('button', { name: 'Als bezahlt markieren' }).click()

  const listedStatus = async () => (await (await customer.get('/api/orders/my/', { headers: authorization })).json())[0]?.status
  await expect.poll(listedStatus).toBe('paid')
  await expect(page.locator('.shop-status-field')).toContainText('Bezahlt')
  await customer.dispose()
})

test('the order view offers only the allowed steps, asks before cancelling, and the server refuses any other step in words', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { customer, placed } = await customerPlacesOrder(() => playwright.request.newContext({ baseURL }), 'sprung', {
    package: 'soundtouch',
    theme: 'gratitude',
  })
  const { id } = placed
  await customer.dispose()

  await logInToAdmin(page)
  await page.goto(`/admin/collections/orders/${id}`)
  const buttons = page.locator('.shop-status-field__buttons').getByRole('button')
  await expect(buttons).toHaveText(['Als bezahlt markieren', 'Stornieren'])

  // Straight from "awaiting payment" to "delivered" skips the payment: refused, in words.
  const skipped = await page.request.post(`/api/cms/orders/${id}/status`, { headers: fromTheShop, data: { status: 'delivered' } })
  expect(skipped.status()).toBe(409)
  expect((await skipped.json()).detail).toBe('Der Status kann nicht von „Zahlung ausstehend“ zu „Geliefert“ wechseln.')

  // Cancelling asks first; saying no changes nothing.
  page.once('dialog', (dialog) => dialog.dismiss())
  await page.getByRole('button', { name: 'Stornieren' }).click()
  await expect(page.locator('.shop-status-field')).toContainText('Zahlung ausstehend')

  await page.getByRole('button', { name: 'Als bezahlt markieren' }).click()
  await expect(page.locator('.shop-status-field')).toContainText('Bezahlt')
  // The history beside the buttons names the step and who took it.
  await expect(page.locator('.shop-history')).toContainText('Zahlung ausstehend → Bezahlt (Sie)')
  await expect(buttons).toHaveText(['In Arbeit', 'Als geliefert markieren', 'Erstattung erfassen'])
})
