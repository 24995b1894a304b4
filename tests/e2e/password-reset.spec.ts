import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { mailsMatching, waitOutTheMailQueue, waitForMail } from '../support/mail'
import { expect, expectAccessible, fromTheShop, test, useLanguage } from './support'

const newAccount = () => {
  const username = `vergessen-${randomBytes(4).toString('hex')}`
  return { username, email: `${username}@example.com`, password: `Ruhig-${randomBytes(6).toString('hex')}` }
}

async function register(request: APIRequestContext, account: ReturnType<typeof newAccount>) {
  expect((await request.post('/api/accounts/register/', { data: account, headers: fromTheShop })).status()).toBe(201)
}

/** The reset link of a mail (plain-text part). */
const resetLinkIn = (text: string) => /https?:\/\/\S+\/reset-password\?token=\S+/.exec(text)?.[0]

async function logIn(page: Page, name: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Benutzername oder E-Mail').fill(name)
  await page.getByLabel('Passwort').fill(password)
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
}

test.describe('password reset (mails read from the test SMTP server)', () => {
  test('forgot on /login, the mail’s link sets a new password (a weak one refused), logged in; the old password fails, the new one works', async ({ page }) => {
    const account = newAccount()
    await register(page.request, account)
    const asked = new Date()

    await page.goto('/login')
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible()
    await expectAccessible(page)
    await page.getByLabel('E-Mail').fill(account.email)
    await page.getByRole('button', { name: 'Link senden' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: /Wenn zu dieser Adresse ein Konto gehört, ist jetzt eine E-Mail mit einem Link unterwegs/ }),
    ).toBeVisible()

    const mail = await waitForMail({ to: account.email, subject: /Neues Passwort festlegen/, after: asked })
    expect(mail.text).toContain(`Hallo ${account.username}`)
    const link = resetLinkIn(mail.text)
    expect(link).toBeTruthy()
    expect(mail.html).toContain('Neues Passwort festlegen</a>')

    await page.goto(link!)
    await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeVisible()
    await expectAccessible(page)
    await page.getByLabel('Neues Passwort', { exact: true }).fill('passwort123')
    await page.getByRole('button', { name: 'Passwort speichern' }).click()
    await expect(page.getByRole('alert').filter({ hasText: /Dieses Passwort ist zu verbreitet – bitte wähle ein anderes\./ })).toBeVisible()

    const newPassword = `Neu-${randomBytes(6).toString('hex')}`
    await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword)
    await page.getByRole('button', { name: 'Passwort speichern' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Dein neues Passwort ist gespeichert. Du bist jetzt angemeldet.' })).toBeVisible()
    await page.getByRole('link', { name: 'Zu meinem Konto' }).click()
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible()

    await page.getByRole('button', { name: 'Abmelden' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await logIn(page, account.username, account.password)
    await expect(page.getByRole('alert').filter({ hasText: 'Login fehlgeschlagen.' })).toBeVisible()
    await logIn(page, account.email, newPassword)
    await expect(page).toHaveURL(/\/account$/)

    // The link works once.
    await page.goto(link!)
    await page.getByLabel('Neues Passwort', { exact: true }).fill(`Noch-${randomBytes(6).toString('hex')}`)
    await page.getByRole('button', { name: 'Passwort speichern' }).click()
    await expect(page.getByRole('alert').filter({ hasText: /Dieser Link ist ungültig oder abgelaufen/ })).toBeVisible()
  })

  test('an unknown address gets the same answer, and no mail', async ({ page }) => {
    const nobody = `niemand-${randomBytes(4).toString('hex')}@example.com`
    await page.goto('/forgot-password')
    await page.getByLabel('E-Mail').fill(nobody)
    await page.getByRole('button', { name: 'Link senden' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: /Wenn zu dieser Adresse ein Konto gehört, ist jetzt eine E-Mail mit einem Link unterwegs/ }),
    ).toBeVisible()
    await waitOutTheMailQueue()
    expect(mailsMatching({ to: nobody })).toHaveLength(0)
  })

  test('a bad token and a missing one are told in words, with the way to a new link', async ({ page }) => {
    await page.goto(`/reset-password?token=${randomBytes(20).toString('hex')}`)
    await page.getByLabel('Neues Passwort', { exact: true }).fill(`Gut-${randomBytes(6).toString('hex')}`)
    await page.getByRole('button', { name: 'Passwort speichern' }).click()
    await expect(page.getByRole('alert').filter({ hasText: /Dieser Link ist ungültig oder abgelaufen\. Bitte fordere einen neuen an\./ })).toBeVisible()
    await page.getByRole('link', { name: 'Neuen Link anfordern' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)

    await page.goto('/reset-password')
    await expect(page.getByRole('alert').filter({ hasText: /Dieser Link ist unvollständig/ })).toBeVisible()
  })

  test('the checkout’s login form links to the reset too, in English', async ({ page }) => {
    await useLanguage(page, 'en')
    await page.goto('/checkout')
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send link' })).toBeVisible()
  })

  test('the admin panel’s “forgot password” leads to the shop’s reset page', async ({ page }) => {
    await page.goto('/admin/login')
    await page.getByRole('link', { name: /Passwort vergessen/ }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible()
  })
})
