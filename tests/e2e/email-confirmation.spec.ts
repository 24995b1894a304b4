import { randomBytes } from 'node:crypto'
import { mailsMatching, waitForMail } from '../support/mail'
import { expect, expectAccessible, logInToAdmin, test, useLanguage } from './support'

const newAccount = () => {
  const username = `willkommen-${randomBytes(4).toString('hex')}`
  return { username, email: `${username}@example.com`, password: `Ruhig-${randomBytes(6).toString('hex')}` }
}

/** The confirmation link of a mail (plain-text part). */
const confirmationLinkIn = (text: string) => /https?:\/\/\S+\/confirm-email\?token=\S+/.exec(text)?.[0]

/** Today as the admin's list shows dates (dd.MM.yyyy, the browser's time zone, which is this machine's). */
const today = () => new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date())

test.describe('welcome mail and e-mail confirmation (mails read from the test SMTP server)', () => {
  test('registering in English sends one English welcome mail whose link confirms the address by a click; the seller sees the date', async ({
    page,
    browser,
  }) => {
    const account = newAccount()
    await useLanguage(page, 'en')
    await page.goto('/login')
    await page.getByRole('button', { name: 'No account yet? Register now' }).click()
    await page.getByLabel('Username').fill(account.username)
    await page.getByLabel('E-mail').fill(account.email)
    await page.getByLabel('Password').fill(account.password)
    await page.getByRole('button', { name: 'Register' }).click()
    await expect(page).toHaveURL(/\/account$/)

    const note = page.getByRole('region', { name: 'Confirm your e-mail address' })
    await expect(note).toContainText(`Your e-mail address ${account.email} is not confirmed yet.`)
    await expect(note.getByRole('button', { name: 'Send the link again' })).toBeVisible()
    await expectAccessible(page)

    const welcome = await waitForMail({ to: account.email })
    expect(welcome.subject).toBe('Welcome to Lina Sommer')
    expect(welcome.text).toContain(`Hello ${account.username}`)
    expect(welcome.html).toContain('lang="en"')
    const link = confirmationLinkIn(welcome.text)
    expect(link).toBeTruthy()

    // A mail scanner's GET confirms nothing: a fresh browser without the login opens the link.
    const scanner = await browser.newContext()
    const scanned = await (await scanner.newPage()).goto(link!)
    expect(scanned?.status()).toBe(200)
    await scanner.close()
    await page.goto('/account')
    await expect(note).toBeVisible()

    await page.goto(link!)
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Confirm e-mail address' }).click()
    await expect(page.getByRole('status').filter({ hasText: `Thank you! Your e-mail address ${account.email} is confirmed.` })).toBeVisible()
    await page.getByRole('link', { name: 'Go to my account' }).click()
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible()
    await expect(note).toHaveCount(0)

    // Opened again, the used link says so in words.
    await page.goto(link!)
    await page.getByRole('button', { name: 'Confirm e-mail address' }).click()
    await expect(page.getByRole('alert').filter({ hasText: /This link is invalid or has expired/ })).toBeVisible()

    // One welcome mail, not two.
    expect(mailsMatching({ to: account.email })).toHaveLength(1)

    const seller = await browser.newPage()
    await logInToAdmin(seller)
    await seller.goto('/admin/collections/users')
    await expect(seller.getByRole('columnheader', { name: 'E-Mail bestätigt am' })).toBeVisible()
    // Other tests register customers all the while: search, as the seller would.
    await seller.getByPlaceholder(/Suche nach/).fill(account.username)
    // The list is filtered once the search is in the address (it waits for the typing to stop).
    await expect(seller).toHaveURL(new RegExp(`search=${account.username}`))
    const row = seller.getByRole('row').filter({ hasText: account.username })
    await expect(row).toContainText(today())
    await row.getByRole('link', { name: account.username }).click()
    // On the user, the date is there and cannot be edited.
    const confirmedAt = seller.locator('#field-email_confirmed_at input')
    await expect(confirmedAt).toHaveValue(new RegExp(`^${today().replace(/\./g, '\\.')} \\d{2}:\\d{2}$`))
    await expect(confirmedAt).toBeDisabled()
    await seller.close()
  })

  test('a German customer asks for the link again on the account page and gets a German mail', async ({ page }) => {
    const account = newAccount()
    await page.goto('/login')
    await page.getByRole('button', { name: 'Noch kein Konto? Jetzt registrieren' }).click()
    await page.getByLabel('Benutzername').fill(account.username)
    await page.getByLabel('E-Mail').fill(account.email)
    await page.getByLabel('Passwort').fill(account.password)
    await page.getByRole('button', { name: 'Registrieren' }).click()
    await expect(page).toHaveURL(/\/account$/)
    expect((await waitForMail({ to: account.email })).subject).toBe('Willkommen bei Lina Sommer')

    const note = page.getByRole('region', { name: 'E-Mail-Adresse bestätigen' })
    await expect(note).toContainText('ist noch nicht bestätigt')
    const asked = new Date()
    await note.getByRole('button', { name: 'Link erneut senden' }).click()
    await expect(note.getByRole('status')).toHaveText(`Ein neuer Link ist unterwegs an ${account.email}.`)
    const again = await waitForMail({ to: account.email, subject: /Bitte bestätige deine E-Mail-Adresse/, after: asked })
    await page.goto(confirmationLinkIn(again.text)!)
    await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click()
    await expect(page.getByRole('status').filter({ hasText: `Danke! Deine E-Mail-Adresse ${account.email} ist bestätigt.` })).toBeVisible()
  })
})
