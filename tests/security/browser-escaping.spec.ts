import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { silentWav } from '../support/audio'
import { CONSENTS } from '../support/orders'
import { expect, test } from '../e2e/support'

/**
 * What a customer types into an order (theme of their own, personal note, recording description)
 * is shown as text where people read it: the customer's account page and the seller's order view
 * in the admin panel. No element is created from it and no script runs (no dialog opens).
 */

const HOSTILE = {
  customTheme: '<script>alert(1)</script>',
  note: `<img src=x onerror=alert(1)> '; DROP TABLE users; -- " onmouseover="x`,
  description: '<script>alert(2)</script>',
}

/** Fails on any dialog (alert) and reports elements the hostile text would have created. */
function guard(page: Page) {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  return {
    dialogs,
    injected: () =>
      page.evaluate(() => ({
        // An injected <script>alert(1)</script> would be a script element of exactly that text.
        scripts: [...document.scripts].filter((script) => /^alert\(\d\)$/.test(script.text.trim())).length,
        images: document.querySelectorAll('img[src="x"], [onerror], [onmouseover]').length,
      })),
  }
}

test('order texts stay text on the account page and in the admin order view', async ({ page }) => {
  const username = `escape-${randomBytes(4).toString('hex')}`
  const password = `Sanft-${randomBytes(6).toString('hex')}`
  expect((await page.request.post('/api/accounts/register/', { data: { username, email: `${username}@example.com`, password } })).status()).toBe(201)
  const login = await page.request.post('/api/auth/', { data: { username, password } })
  const authorization = { Authorization: `Bearer ${(await login.json()).access}` }
  const placed = await page.request.post('/api/orders/', {
    headers: authorization,
    data: { package: 'vocalbalance', theme: 'custom', custom_theme: HOSTILE.customTheme, personal_note: HOSTILE.note, ...CONSENTS },
  })
  expect(placed.status()).toBe(201)
  const { id } = await placed.json()
  const uploaded = await page.request.post(`/api/orders/${id}/upload-audio/`, {
    headers: authorization,
    multipart: { file: { name: 'stimme.wav', mimeType: 'audio/wav', buffer: silentWav(0.2) }, description: HOSTILE.description },
  })
  expect(uploaded.status()).toBe(201)

  const { dialogs, injected } = guard(page)
  await page.goto('/account')
  await expect(page.getByText(HOSTILE.customTheme, { exact: true }).first()).toBeVisible()
  await expect(page.getByText(HOSTILE.note, { exact: true })).toBeVisible()
  expect(await injected()).toEqual({ scripts: 0, images: 0 })

  await page.context().clearCookies()
  await page.goto('/admin/login')
  await page.getByLabel(/E-Mail/).fill('admin@example.com')
  await page.getByLabel('Passwort').fill('test-admin-password')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('link', { name: 'Pakete' }).first()).toBeVisible()
  await page.goto(`/admin/collections/orders/${id}`)
  // The customer's words read as text in the order view (no inputs), the recording's description too.
  await expect(page.getByText(HOSTILE.note, { exact: true })).toBeVisible()
  await expect(page.getByText(HOSTILE.customTheme, { exact: true })).toBeVisible()
  await expect(page.locator('.shop-files')).toContainText(HOSTILE.description)
  const fieldValues = () => page.locator('input, textarea').evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value))
  await expect.poll(fieldValues).toContain(HOSTILE.description)
  expect(await injected()).toEqual({ scripts: 0, images: 0 })
  expect(dialogs).toEqual([])
})
