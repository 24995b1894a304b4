import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { waitForMail } from '../support/mail'
import { expect, fromTheShop, logInToAdmin, sellerAuthorization, test } from './support'

/*
 * Issue 33 in Chromium: the seller makes download codes in the admin, a fan redeems one at
 * /einloesen (registering on the way) and finds the album in "Meine Musik"; the second redemption
 * says it is used. A free download by e-mail, read from the SMTP catcher.
 */

test('the seller makes codes in the album’s sidebar, a fan redeems one after registering and finds the album in My music; a second redemption says it is used', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const suffix = randomBytes(4).toString('hex')
  const authorization = { ...(await sellerAuthorization()), ...fromTheShop }
  const albums = await (await page.request.get('/api/cms/music-groups?where[form][equals]=album&limit=1&depth=0&locale=de', { headers: authorization })).json()
  const album = albums.docs[0] as { id: number; title: string }

  await logInToAdmin(page)
  await page.goto(`/admin/collections/music-groups/${album.id}`)
  const box = page.locator('.shop-download-codes')
  await expect(box.getByRole('heading', { name: 'Download-Codes' })).toBeVisible()
  // Hydrated, the batches read: a field filled before would be reset.
  await expect(box.locator('[data-ready="true"]')).toHaveCount(1)
  const batch = `E2E ${suffix}`
  await box.getByLabel('Name des Stapels').fill(batch)
  await box.getByLabel(/Anzahl/).fill('2')
  await box.getByRole('button', { name: 'Codes erzeugen' }).click()
  await expect(box.getByRole('status')).toHaveText(`2 Codes im Stapel „${batch}“ erzeugt.`)
  await expect(box.locator(`[data-batch="${batch}"]`)).toContainText('0 von 2 eingelöst')
  // The batch's CSV, downloaded as the seller does it.
  const [download] = await Promise.all([page.waitForEvent('download'), box.locator(`[data-batch="${batch}"] a`).click()])
  expect(download.suggestedFilename()).toMatch(/^download-codes-E2E-[0-9a-f]+\.csv$/)
  const codes = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[0]!)
  expect(codes).toHaveLength(2)

  // The fan, in a browser of their own.
  const fan = await (await browser.newContext()).newPage()
  await fan.goto('/einloesen')
  await fan.getByLabel('Dein Code').fill(codes[0]!.toLowerCase())
  await fan.getByRole('button', { name: 'Code einlösen' }).click()
  await expect(fan.locator('[role="alert"][data-redeem-result]')).toContainText('Bitte melde dich zuerst an oder registriere dich')
  await expect(fan.getByLabel('Dein Code')).toHaveValue(codes[0]!.toLowerCase())
  const username = `fan-${suffix}`
  await fan.getByRole('button', { name: 'Noch kein Konto? Jetzt registrieren' }).click()
  await fan.getByLabel('Benutzername').fill(username)
  await fan.getByLabel('E-Mail').fill(`${username}@example.com`)
  await fan.getByLabel('Passwort').fill(`Ruhig-${suffix}-${suffix}`)
  await fan.getByRole('button', { name: 'Registrieren' }).click()
  // Logged in, on the same page, the code still filled in.
  await expect(fan.locator('[data-redeem-needs-account]')).toHaveCount(0)
  await expect(fan.getByLabel('Dein Code')).toHaveValue(codes[0]!.toLowerCase())
  await fan.getByRole('button', { name: 'Code einlösen' }).click()
  await expect(fan).toHaveURL(/\/account\/music$/)
  await expect(fan.getByRole('heading', { level: 1, name: 'Meine Musik' })).toBeVisible()
  await expect(fan.getByText(album.title).first()).toBeVisible()
  await expect(fan.getByText(/Mit Download-Code eingelöst am/).first()).toBeVisible()

  // The same code again.
  await fan.goto('/einloesen')
  await fan.getByLabel('Dein Code').fill(codes[0]!)
  await fan.getByRole('button', { name: 'Code einlösen' }).click()
  await expect(fan.locator('[role="alert"][data-redeem-result]')).toHaveText('Dieser Code wurde bereits eingelöst.')

  // The seller sees it used.
  await page.reload()
  await expect(page.locator(`.shop-download-codes [data-batch="${batch}"]`)).toContainText('1 von 2 eingelöst')
  await fan.context().close()
})

test('a free single: "Kostenlos herunterladen" on its page, the e-mail, and the page of its link with the download buttons', async ({ page }) => {
  test.setTimeout(120_000)
  const suffix = randomBytes(4).toString('hex')
  const authorization = { ...(await sellerAuthorization()), ...fromTheShop }
  // A published demo track with its master: the newest track may be another test's draft (embed.spec.ts), which a visitor's download cannot read.
  const tracks = await (await page.request.get('/api/cms/tracks?where[title][equals]=Morgentau&locale=de&limit=1&depth=0', { headers: authorization })).json()
  expect(tracks.docs).toHaveLength(1)
  const made = await page.request.post('/api/cms/music-groups?locale=de', {
    headers: authorization,
    data: { title: `Geschenk ${suffix}`, form: 'single', tracks: [tracks.docs[0].id], sale: { mode: 'name_your_price', minimum: 0 }, _status: 'published' },
  })
  expect(made.status()).toBe(201)
  const single = (await made.json()).doc as { id: number }
  try {
    await page.goto(`/music-group/${single.id}`)
    await page.locator(`[data-free-download-link="music-group-${single.id}"]`).click()
    await expect(page).toHaveURL(/\/kostenlos\?kind=music-group&id=\d+$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Kostenlos herunterladen' })).toBeVisible()
    const email = `e2e-frei-${suffix}@example.com`
    await page.getByLabel('Deine E-Mail-Adresse').fill(email)
    await page.getByRole('button', { name: 'Download-Link schicken' }).click()
    await expect(page.getByRole('status')).toContainText('Wir haben dir eine E-Mail mit dem Download-Link geschickt.')

    const mail = await waitForMail({ to: email, subject: new RegExp(`Dein kostenloser Download: Geschenk ${suffix}`) })
    const link = /https?:\/\/\S+\/kostenlos\?token=\S+/.exec(mail.text)![0]
    await page.goto(new URL(link).pathname + new URL(link).search)
    await expect(page.getByRole('heading', { level: 1, name: 'Deine kostenlosen Downloads' })).toBeVisible()
    const mp3 = page.getByRole('link', { name: 'MP3 320 kbit/s herunterladen' })
    await expect(mp3).toBeVisible()
    await expect(page.getByText('Mit einem Kundenkonto bleibt die Musik dauerhaft in „Meine Musik“.')).toBeVisible()
    const download = await page.request.get((await mp3.getAttribute('href'))!)
    expect(download.status()).toBe(200)
    expect((await download.body()).length).toBeGreaterThan(1000)
  } finally {
    await page.request.delete(`/api/cms/music-groups/${single.id}`, { headers: authorization })
  }
})
