import { expect, test } from './support'

test('the home page renders with the packages from the database', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'DeepFlow' })).toBeVisible()
  await expect(page.getByText(/^129,00\s€$/)).toBeVisible()
})
