import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test, useLanguage } from './support'

const newAccount = () => {
  const username = `hoerer-${randomBytes(4).toString('hex')}`
  return { username, email: `${username}@example.com`, password: `Ruhig-${randomBytes(6).toString('hex')}` }
}

/** Registers through the login page's register mode and lands on the account page. */
async function registerThroughLoginPage(page: Page, account: ReturnType<typeof newAccount>) {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Noch kein Konto? Jetzt registrieren' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Konto erstellen' })).toBeVisible()
  await page.getByLabel('Benutzername').fill(account.username)
  await page.getByLabel('E-Mail').fill(account.email)
  await page.getByLabel('Passwort').fill(account.password)
  await page.getByRole('button', { name: 'Registrieren' }).click()
  await expect(page).toHaveURL(/\/account$/)
}

test.describe('accounts', () => {
  test('a wrong password shows the red cross with "Login fehlgeschlagen." and stays on /login', async ({ page }) => {
    await page.goto('/login')
    await expectAccessible(page)
    await page.getByLabel('Benutzername oder E-Mail').fill('niemand-hier')
    await page.getByLabel('Passwort').fill('falsches-passwort')
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'Login fehlgeschlagen.' })
    await expect(alert).toBeVisible()
    await expect(alert).toContainText('✕')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('the login failure reads "Login failed." in English', async ({ page }) => {
    await useLanguage(page, 'en')
    await page.goto('/login')
    await page.getByLabel('Username or e-mail').fill('nobody-here')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Login failed.' })).toBeVisible()
  })

  test('empty login fields are pointed out before anything is sent', async ({ page }) => {
    let posted = false
    page.on('request', (request) => request.url().includes('/api/auth') && (posted = true))
    await page.goto('/login')
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
    await expect(page.getByText('Bitte fülle dieses Feld aus.').first()).toBeVisible()
    expect(posted).toBe(false)
  })

  test('registration refuses a short password on the page and a taken username from the server, in German', async ({ page }) => {
    const account = newAccount()
    await registerThroughLoginPage(page, account)
    await page.getByRole('button', { name: 'Abmelden' }).click()
    await expect(page).toHaveURL(/\/login$/)

    await page.getByRole('button', { name: 'Noch kein Konto? Jetzt registrieren' }).click()
    await page.getByLabel('Benutzername').fill(account.username)
    await page.getByLabel('E-Mail').fill(`anders-${account.email}`)
    await page.getByLabel('Passwort').fill('kurz')
    await page.getByRole('button', { name: 'Registrieren' }).click()
    await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen haben.')).toBeVisible()

    await page.getByLabel('Passwort').fill(account.password)
    await page.getByRole('button', { name: 'Registrieren' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Registrierung fehlgeschlagen.' })).toHaveText(
      /Registrierung fehlgeschlagen\. Dieser Benutzername ist schon vergeben\./,
    )
  })

  test('register, see the empty account page, log out, log in by e-mail and be sent to /account', async ({ page }) => {
    const account = newAccount()
    await registerThroughLoginPage(page, account)
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible()
    await expect(page.getByText('Du hast noch keine Bestellungen.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Mein Konto' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeTruthy()
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Abmelden' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull()

    await page.getByLabel('Benutzername oder E-Mail').fill(account.email)
    await page.getByLabel('Passwort').fill(account.password)
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByText(`Hallo ${account.username}!`)).toBeVisible()
  })

  test('the account page sends a visitor who is not logged in to /login', async ({ page }) => {
    await page.goto('/account')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
  })
})

test('the demo customer’s account shows a delivered song to confirm, a finished order and an unpaid one', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Benutzername oder E-Mail').fill('demo-kundin')
  await page.getByLabel('Passwort').fill(process.env.DEMO_CUSTOMER_PASSWORD ?? '')
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('article')).toHaveCount(3)

  const delivered = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'DeepFlow' }) })
  await expect(delivered.getByText('Geliefert')).toBeVisible()
  await expect(delivered.getByText('Dein fertiger Song – viel Freude damit!')).toBeVisible()
  await expect(delivered.getByLabel('Dein fertiger Song – viel Freude damit!')).toHaveAttribute('src', /\/media\/audio\//)
  await expect(delivered.getByRole('button', { name: 'Ich bin glücklich mit meinem Song' })).toBeVisible()

  const finished = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'SoundTouch' }) })
  await expect(finished.getByText('Abgeschlossen – danke für deine Bestätigung!')).toBeVisible()
  await expect(finished.getByRole('button')).toHaveCount(0)

  const unpaid = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'VocalBalance' }) })
  await expect(unpaid.getByText('Ein Lied zum 60. Geburtstag meiner Mutter')).toBeVisible()
  await expect(unpaid.getByText('Zahlung ausstehend')).toBeVisible()
  await expectAccessible(page)
})
