import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { silentWav } from '../support/audio'
import { expect, logInToAdmin, playerLoads, test } from './support'

const SHOTS = '/tmp/shots-admin'

/** Fetches a URL from inside the page, with its cookies and the headers a browser sends for its own requests. */
const fetchedFromPage = (page: Page, url: string) =>
  page.evaluate(async (source) => {
    const response = await fetch(source)
    return { status: response.status, audio: (response.headers.get('content-type') ?? '').startsWith('audio/') }
  }, url)

/**
 * The seller's day with a commission, in Chromium: the dashboard shows the paid demo order, its
 * recording plays, a status button moves it on, a dropped file delivers it; the customer then hears
 * the song in their account.
 */
test('the seller finds the paid demo order on the dashboard, hears the recording, starts work and delivers the song the customer then hears', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  mkdirSync(SHOTS, { recursive: true })
  await logInToAdmin(page)

  // The dashboard: open commissions by status, the oldest with their due dates.
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Was heute zu tun ist' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Zu komponieren/ })).toBeVisible()
  await expect(page.getByRole('link', { name: /Überarbeitung gewünscht/ })).toBeVisible()
  const paidRow = page.getByRole('row').filter({ hasText: 'demo-kunde' }).filter({ hasText: 'VocalBalance' })
  await expect(paidRow).toContainText('Bezahlt')
  // The demo order in progress was paid ten days ago; soundtouch promises seven: overdue.
  await expect(page.getByRole('row').filter({ hasText: 'SoundTouch' }).filter({ hasText: 'demo-kunde' })).toContainText('überfällig')
  await page.screenshot({ path: `${SHOTS}/dashboard.png`, fullPage: true })

  await paidRow.getByRole('link').click()
  await expect(page).toHaveURL(/\/admin\/collections\/orders\/\d+$/)
  const orderId = Number(page.url().split('/').pop())

  // The customer's choices as text, not inputs.
  await expect(page.getByText('Yoga', { exact: true })).toBeVisible()
  await expect(page.getByText('Loslassen', { exact: true })).toBeVisible()
  await expect(page.getByText('Bitte mit meiner Stimme am Anfang', { exact: false })).toBeVisible()
  await expect(page.locator('#field-personal_note')).toHaveCount(0)
  await expect(page.locator('#field-status')).toHaveCount(0)

  // The recording's player loads a file the seller's session may fetch (as the page itself fetches it).
  const recording = page.getByLabel('Sprachaufnahmen des Kunden 1')
  await expect(recording).toHaveAttribute('src', /^\/media\/audio\//)
  expect(await fetchedFromPage(page, (await recording.getAttribute('src'))!)).toEqual({ status: 200, audio: true })
  expect(await playerLoads(recording)).toBe(true)

  // A status button: only the allowed steps are offered.
  await expect(page.getByRole('button', { name: 'Als bezahlt markieren' })).toHaveCount(0)
  // The status change reloads the page. Its scripts come late here (as on a slow line or a busy
  // machine), so the server's HTML of the new form is on screen a while before React takes it over.
  await page.route('**/_next/static/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.getByRole('button', { name: 'In Arbeit' }).click()
  await expect(page.locator('.shop-status-field')).toContainText('In Arbeit')
  await expect(page.locator('.shop-history')).toContainText('Bezahlt → In Arbeit (Sie)')

  // A file that is no audio is refused by the server, in words; the order stays as it was. It is
  // chosen once, as soon as the new form shows, before React has taken it over: it stays chosen
  // (it used to vanish from the list, and "Song liefern" stayed disabled).
  await page.getByLabel('Audiodateien auswählen').setInputFiles({ name: 'kein-audio.wav', mimeType: 'audio/wav', buffer: Buffer.from('kein Audio') })
  await expect(page.getByRole('button', { name: 'kein-audio.wav entfernen' })).toBeVisible()
  await page.unrouteAll({ behavior: 'wait' })
  await page.getByRole('button', { name: 'Song liefern' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Das hat nicht geklappt: kein-audio.wav' })).toBeVisible()
  await expect(page.locator('.shop-status-field')).toContainText('In Arbeit')
  await page.getByRole('button', { name: 'kein-audio.wav entfernen' }).click()

  // Delivery: drop a file, add a line for the customer, one button.
  const dataTransfer = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([new Uint8Array(bytes)], 'wunschsong.wav', { type: 'audio/wav' }))
      return transfer
    },
    [...silentWav(1)],
  )
  await page.locator('.shop-deliver__zone').dispatchEvent('drop', { dataTransfer })
  await expect(page.getByText('wunschsong.wav')).toBeVisible()
  await page.getByLabel('Beschreibung für den Kunden').fill('Dein fertiger Wunschsong')
  await page.getByRole('button', { name: 'Song liefern' }).click()
  await expect(page.locator('.shop-status-field')).toContainText('Geliefert')
  await expect(page.getByLabel('Fassung 1')).toHaveAttribute('src', /^\/media\/audio\//)
  await page.screenshot({ path: `${SHOTS}/order.png`, fullPage: true })

  // The customer hears it at once in their account.
  const customerContext = await browser.newContext()
  const customerPage = await customerContext.newPage()
  await customerPage.goto('/login')
  await customerPage.getByLabel('Benutzername oder E-Mail').fill('demo-kunde')
  await customerPage.getByLabel('Passwort').fill(process.env.DEMO_CUSTOMER_PASSWORD ?? '')
  await customerPage.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect(customerPage).toHaveURL(/\/account$/)
  await customerPage.goto(`/account/orders/${orderId}`)
  await expect(customerPage.getByText('Geliefert').first()).toBeVisible()
  const song = customerPage.getByLabel('Fassung 1: Dein fertiger Wunschsong')
  await expect(song).toHaveAttribute('src', /^\/media\/audio\//)
  expect(await fetchedFromPage(customerPage, (await song.getAttribute('src'))!)).toEqual({ status: 200, audio: true })
  expect(await playerLoads(song)).toBe(true)
  await customerContext.close()
})

test('the orders list shows names, a coloured status and due dates, overdue first', async ({ page }) => {
  await logInToAdmin(page)
  await page.goto('/admin/collections/orders')
  await expect(page.getByRole('heading', { name: 'Bestellungen' })).toBeVisible()
  const overdue = page.getByRole('row').filter({ hasText: 'überfällig' }).filter({ hasText: 'demo-kunde' })
  await expect(overdue).toContainText('SoundTouch')
  await expect(overdue).toContainText('Schlaf')
  await expect(overdue).toContainText('Tiefer Schlaf')
  await expect(overdue.locator('.shop-status--in_progress')).toHaveText('In Arbeit')
  // Overdue work is the first row.
  await expect(page.getByRole('row').nth(1)).toContainText('überfällig')
  await expect(page.getByRole('cell', { name: 'soundtouch', exact: true })).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/orders-list.png`, fullPage: true })

  // One click filters by status; the dashboard's counts lead to the same lists.
  await page.getByRole('navigation', { name: 'Nach Status filtern' }).getByRole('link', { name: 'Überarbeitung gewünscht' }).click()
  await expect(page).toHaveURL(/where/)
  const rows = page.locator('tbody tr')
  await expect(rows.first()).toContainText('Überarbeitung gewünscht')
  for (const row of await rows.all()) await expect(row.locator('.shop-status')).toHaveText('Überarbeitung gewünscht')
})
