import { randomBytes } from 'node:crypto'
import { request } from '@playwright/test'
import { expect, logInToAdmin, sellerAuthorization, test } from './support'

/**
 * The legal pages as people use them: the seller edits a text in the admin panel and the shop
 * shows it; a visitor reads the withdrawal instructions and the model form on a phone and prints them.
 */

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000'

/** The stored imprint (German), read and written back through Payload's REST as the seller. */
async function sellerApi() {
  const api = await request.newContext({ baseURL: BASE_URL })
  const headers = await sellerAuthorization()
  const found = await api.get('/api/cms/legal-pages?where[page][equals]=imprint&locale=de&depth=0', { headers })
  const imprint = (await found.json()).docs[0] as { id: number; content: unknown }
  return {
    imprint,
    restore: async () => {
      const saved = await api.patch(`/api/cms/legal-pages/${imprint.id}?locale=de`, { data: { content: imprint.content }, headers })
      expect(saved.status()).toBe(200)
      await api.dispose()
    },
  }
}

test('the seller edits the imprint in the admin panel and the shop shows it at once', async ({ page }) => {
  const { imprint, restore } = await sellerApi()
  const addition = `Ergänzung ${randomBytes(3).toString('hex')}`
  try {
    await logInToAdmin(page)
    await page.goto('/admin/collections/legal-pages')
    await expect(page.getByRole('link', { name: 'Widerrufsbelehrung' })).toBeVisible()
    await page.getByRole('link', { name: 'Impressum' }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/collections/legal-pages/${imprint.id}`))
    // The trader's data is a block filled from the settings, not text to type twice.
    await expect(page.getByText('Anbieterangaben').first()).toBeVisible()

    const editor = page.locator('[data-lexical-editor="true"]')
    await editor.getByText('Jede Verwertung außerhalb der Grenzen').click()
    await page.keyboard.press('End')
    await page.keyboard.type(` ${addition}`)
    await page.getByRole('button', { name: 'Speichern' }).click()
    await expect(page.getByText(/erfolgreich/i).first()).toBeVisible()

    await page.goto('/impressum')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impressum')
    await expect(page.getByText(addition)).toBeVisible()
    await page.goto('/en/imprint')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprint')
    await expect(page.getByText(addition)).toHaveCount(0)
  } finally {
    await restore()
  }
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the withdrawal instructions and the model form read without sideways scrolling and print without the site around them', async ({ page }) => {
    await page.goto('/widerruf')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Widerrufsbelehrung')
    await expect(page.getByRole('heading', { level: 2, name: 'Widerrufsrecht', exact: true })).toBeVisible()
    const form = page.getByRole('heading', { level: 2, name: 'Muster-Widerrufsformular' })
    await form.scrollIntoViewIfNeeded()
    await expect(form).toBeVisible()
    await expect(page.getByText('Hiermit widerrufe(n) ich/wir (*)')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Vertrag widerrufen' }).first()).toHaveAttribute('href', '/vertrag-widerrufen')
    // Every line of the text (long e-mail addresses and paragraph signs included) fits the screen.
    const widest = await page.evaluate(() => Math.max(...[...document.querySelectorAll('article *')].map((element) => element.getBoundingClientRect().right)))
    expect(widest).toBeLessThanOrEqual(360)

    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('banner')).toBeHidden()
    await expect(page.getByRole('contentinfo')).toBeHidden()
    await expect(form).toBeVisible()
  })
})
