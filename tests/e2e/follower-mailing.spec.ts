// @run-alone: its send mails every confirmed follower of the shared shop, the other suites' among them.
import { randomBytes } from 'node:crypto'
import { mailsMatching, waitForMail } from '../support/mail'
import { BROWSER_SELLER, expect, fromTheShop, logInToAdmin, sellerAuthorization, test } from './support'

/** A link of a mail's plain-text part. */
const linkIn = (text: string, path: RegExp) => new RegExp(`https?://\\S+${path.source}\\S+`).exec(text)?.[0]

test('the seller previews the release mail in both languages, sends herself a test mail, and sends it to her followers with the count shown', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const suffix = randomBytes(4).toString('hex')

  // A confirmed follower, signed up and confirmed as a visitor does it.
  const email = `e2e-release-${suffix}@example.com`
  const signUp = await page.request.post('/api/followers/', { headers: fromTheShop, data: { email, consent: true, locale: 'de' } })
  expect(signUp.status()).toBe(202)
  const confirmation = await waitForMail({ to: email, subject: /Bitte bestätige/ })
  const token = new URL(linkIn(confirmation.text, /\/follow\/confirm\?token=/)!).searchParams.get('token')
  expect((await page.request.post('/api/followers/confirm/', { headers: fromTheShop, data: { token } })).status()).toBe(200)

  // A published news item; the throttle raised for the send (every confirmed follower of the shared shop gets it), put back after.
  const authorization = await sellerAuthorization()
  const settingsCall = { headers: { ...authorization, ...fromTheShop } }
  const throttle = ((await (await page.request.get('/api/cms/globals/settings?depth=0', settingsCall)).json()) as { follower_mails_per_minute: number })
    .follower_mails_per_minute
  const setThrottle = async (perMinute: number) =>
    expect((await page.request.post('/api/cms/globals/settings', { ...settingsCall, data: { follower_mails_per_minute: perMinute } })).status()).toBe(200)
  await setThrottle(600)
  const created = await page.request.post('/api/cms/news?locale=de', {
    headers: { ...authorization, ...fromTheShop },
    data: { title: `Konzert im Park ${suffix}`, date: new Date().toISOString(), _status: 'published' },
  })
  expect(created.status()).toBe(201)
  const newsId = (await created.json()).doc.id as number
  await page.request.patch(`/api/cms/news/${newsId}?locale=en`, {
    headers: { ...authorization, ...fromTheShop },
    data: { title: `Concert in the park ${suffix}`, _status: 'published' },
  })

  await logInToAdmin(page)
  await page.goto(`/admin/collections/news/${newsId}`)
  const box = page.locator('.shop-release-mailing')
  await expect(box.getByRole('heading', { name: 'An Follower senden' })).toBeVisible()
  // The count appears once the box has asked the server.
  await expect(box.locator('[data-confirmed-followers]')).toHaveCount(1)
  const count = Number(await box.locator('[data-confirmed-followers]').getAttribute('data-confirmed-followers'))
  expect(count).toBeGreaterThanOrEqual(1)
  await expect(box).toContainText(`${count} bestätigte Follower bekommen diese E-Mail`)

  // The preview in German, then in English, each in its sandboxed frame.
  await box.getByRole('button', { name: 'Vorschau Deutsch' }).click()
  await expect(box.locator('figcaption')).toContainText(`Neuigkeiten von Lina Sommer: Konzert im Park ${suffix}`)
  await expect(box.frameLocator('iframe').getByRole('heading', { name: `Konzert im Park ${suffix}` })).toBeVisible()
  await expect(box.frameLocator('iframe').getByRole('link', { name: 'Weiterlesen' })).toBeVisible()
  await box.getByRole('button', { name: 'Vorschau Englisch' }).click()
  await expect(box.locator('figcaption')).toContainText(`News from Lina Sommer: Concert in the park ${suffix}`)
  await expect(box.frameLocator('iframe').getByRole('link', { name: 'Read more' })).toBeVisible()

  // The test mail, in both languages, to the seller herself.
  const testedAt = new Date()
  await box.getByRole('button', { name: 'Testmail an mich' }).click()
  await expect(box.getByRole('status').filter({ hasText: 'Die Testmail' })).toContainText(BROWSER_SELLER.email)
  await waitForMail({ to: BROWSER_SELLER.email, subject: new RegExp(`^\\[Test\\] Neuigkeiten von Lina Sommer: Konzert im Park ${suffix}`), after: testedAt })
  await waitForMail({ to: BROWSER_SELLER.email, subject: new RegExp(`^\\[Test\\] News from Lina Sommer: Concert in the park ${suffix}`), after: testedAt })
  expect(mailsMatching({ to: email, subject: /Konzert im Park/ })).toHaveLength(0)

  // The send asks once more, with the count, then shows the mailing's progress until it is sent.
  await box.getByRole('button', { name: 'An Follower senden', exact: true }).click()
  await box.getByRole('button', { name: `Ja, an ${count} Follower senden` }).click()
  await expect(box.locator('[data-mailing-status="done"]')).toContainText('Gesendet', { timeout: 60_000 })
  await expect(box.locator('[data-mailing-status]')).toContainText(/[1-9]\d* gesendet, 0 wartend/)
  const release = await waitForMail({ to: email, subject: new RegExp(`Neuigkeiten von Lina Sommer: Konzert im Park ${suffix}`) })
  expect(release.listHeaders?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')

  await setThrottle(throttle)

  // The dashboard shows the mailing's progress.
  await page.goto('/admin')
  const row = page.locator('[data-mailings] tbody tr').filter({ hasText: `Konzert im Park ${suffix}` })
  await expect(row).toContainText('Gesendet')
})
