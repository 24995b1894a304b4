import { expect, expectAccessible, test, useLanguage } from './support'

/*
 * Issue 33: the demo album "Wasser & Wind" is name-your-price (at least 5 €, 8 € suggested),
 * "Zwischen Tag und Traum" has a fixed price and its tracks their own. The album page's plain
 * forms put them into the cart through the server's check.
 */

async function albumPage(page: import('@playwright/test').Page, title: string) {
  const groups: { id: number; title: string }[] = await (await page.request.get('/api/music/music-groups/', { headers: { 'Accept-Language': 'de' } })).json()
  const album = groups.find((group) => group.title === title)
  expect(album, title).toBeTruthy()
  await page.goto(`/music-group/${album!.id}`)
}

test.beforeEach(async ({ page }) => useLanguage(page, 'de'))

test('name your price: the field starts at the suggestion, refuses less than the minimum, and the chosen amount lands in the cart', async ({ page }) => {
  await albumPage(page, 'Wasser & Wind')
  const amount = page.getByLabel('Dein Betrag (mindestens 5,00 €)')
  await expect(amount).toHaveValue('8.00')
  await expect(page.getByText(/Formate: MP3 \(320 kbit\/s\)/).first()).toBeVisible()
  await expectAccessible(page)

  // Less than the minimum: the browser keeps the form (the server would refuse it too).
  await amount.fill('4')
  await page.getByRole('button', { name: 'Kaufen', exact: true }).click()
  expect(await amount.evaluate((input: HTMLInputElement) => input.validity.rangeUnderflow)).toBe(true)
  await expect(page).toHaveURL(/\/music-group\/\d+$/)

  await amount.fill('12.5')
  await page.getByRole('button', { name: 'Kaufen', exact: true }).click()
  await expect(page).toHaveURL(/\/cart$/)
  const item = page.locator('[data-catalog-item^="music-group-"]')
  await expect(item.getByRole('heading', { name: 'Wasser & Wind' })).toBeVisible()
  await expect(item).toContainText('12,50 €')
  await expect(page.getByRole('link', { name: /Warenkorb/ }).first()).toContainText('1')
  await expectAccessible(page)

  // Bought again with another amount: still one entry, the new amount.
  await albumPage(page, 'Wasser & Wind')
  await page.getByLabel('Dein Betrag (mindestens 5,00 €)').fill('6')
  await page.getByRole('button', { name: 'Kaufen', exact: true }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.locator('[data-catalog-item^="music-group-"]')).toHaveCount(1)
  await expect(page.locator('[data-catalog-item^="music-group-"]')).toContainText('6,00 €')

  await page.getByRole('button', { name: /Wasser & Wind/ }).click()
  await expect(page.locator('[data-catalog-item]')).toHaveCount(0)
})

test('a fixed price and a track of its own: "Kaufen – 9,99 €" and a row button, both into the cart', async ({ page }) => {
  await albumPage(page, 'Zwischen Tag und Traum')
  await page.getByRole('button', { name: 'Kaufen – 9,99 €', exact: true }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.locator('[data-catalog-item^="music-group-"]')).toContainText('9,99 €')

  await albumPage(page, 'Zwischen Tag und Traum')
  await page.getByRole('button', { name: 'Kaufen – 1,29 €: Morgentau' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.locator('[data-catalog-item^="track-"]')).toContainText('Morgentau')
  await expect(page.locator('[data-catalog-item]')).toHaveCount(2)
})
