import { randomBytes } from 'node:crypto'
import { waitForMail } from '../support/mail'
import { expect, expectAccessible, test } from './support'

/** A link of a mail's plain-text part. */
const linkIn = (text: string, path: RegExp) => new RegExp(`https?://\\S+${path.source}\\S+`).exec(text)?.[0]

test.describe('following by e-mail (issue 32), with JavaScript switched off: the forms are plain HTML', () => {
  test('follow from the home page, open the confirmation mail’s link, see the success page, unsubscribe from the mail’s link', async ({ browser }) => {
    const email = `e2e-folgt-${randomBytes(5).toString('hex')}@example.com`
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'Accept-Language': 'de' } })
    const page = await context.newPage()

    await page.goto('/')
    const box = page.locator('[data-follow-form="follow-home"]')
    await expect(box.getByRole('heading', { name: 'Neuigkeiten per E-Mail' })).toBeVisible()
    await box.getByLabel('Deine Adresse').fill(email)
    const consent = box.getByRole('checkbox')
    await expect(consent).not.toBeChecked()
    await consent.check()
    await box.getByRole('button', { name: 'Neuigkeiten abonnieren' }).click()
    await expect(page).toHaveURL(/\/follow\?status=requested&lang=de$/)
    await expect(page.locator('[data-follow-result="requested"]')).toContainText('Erst nach deiner Bestätigung bekommst du Neuigkeiten')

    const confirmation = await waitForMail({ to: email, subject: /Bitte bestätige/ })
    const confirmLink = linkIn(confirmation.text, /\/follow\/confirm\?token=/)
    expect(confirmLink).toBeTruthy()
    await page.goto(confirmLink!)
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung bestätigen' })).toBeVisible()
    await page.getByRole('button', { name: 'Ja, Anmeldung bestätigen' }).click()
    await expect(page).toHaveURL(/\/follow\?status=confirmed&lang=de$/)
    await expect(page.locator('[data-follow-result="confirmed"]')).toContainText('Deine Adresse ist bestätigt.')

    const welcome = await waitForMail({ to: email, subject: /Du folgst jetzt Lina Sommer/ })
    const unsubscribeLink = linkIn(welcome.text, /\/follow\/unsubscribe\?t=/)
    expect(unsubscribeLink).toBeTruthy()
    await page.goto(unsubscribeLink!)
    await expect(page.getByRole('heading', { level: 1, name: 'Vom E-Mail-Verteiler abmelden' })).toBeVisible()
    await expect(page.getByText(email).first()).toBeVisible()
    await page.getByRole('button', { name: 'Abmelden', exact: true }).click()
    await expect(page).toHaveURL(/\/follow\?status=unsubscribed&lang=de$/)
    await expect(page.locator('[data-follow-result="unsubscribed"]')).toContainText('Du bist abgemeldet')
    await page.goto(unsubscribeLink!)
    await expect(page.getByRole('status').filter({ hasText: `${email} ist abgemeldet` })).toBeVisible()
    await context.close()
  })

  test('the follow pages are accessible', async ({ page }) => {
    await page.goto('/follow?status=invalid_email&lang=en')
    await expect(page.locator('[data-follow-result="invalid_email"]')).toContainText('Please enter a valid e-mail address.')
    await expect(page.locator('[data-follow-form="follow-page"]').getByRole('checkbox')).not.toBeChecked()
    await expectAccessible(page)
  })
})
