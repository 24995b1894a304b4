import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from '@playwright/test'
import { parseBuffer } from 'music-metadata'
import { silentWav } from '../support/audio'
import { CONSENTS } from '../support/orders'
import { expect, fromTheShop, logInToAdmin, playerLoads, sellerSetsStatuses, test } from './support'

/**
 * One commission from payment to the customer's "happy", both sides in Chromium through their own
 * screens: the seller in the admin panel, the customer in the shop.
 */

/** Drops `name` (a short WAV) on the order view's delivery zone, describes it and delivers it. */
async function deliverInAdmin(seller: Page, name: string, description: string) {
  const dataTransfer = await seller.evaluateHandle(
    ({ bytes, fileName }) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([new Uint8Array(bytes)], fileName, { type: 'audio/wav' }))
      return transfer
    },
    { bytes: [...silentWav(2)], fileName: name },
  )
  await seller.locator('.shop-deliver__zone').dispatchEvent('drop', { dataTransfer })
  await expect(seller.getByText(name)).toBeVisible()
  await seller.getByLabel('Beschreibung für den Kunden').fill(description)
  const deliveredBefore = await seller
    .locator('.shop-history')
    .getByText(/→ Geliefert/)
    .count()
  await seller.getByRole('button', { name: 'Song liefern' }).click()
  // The view reloads with the new status and one more step in its history.
  await expect(seller.locator('.shop-history').getByText(/→ Geliefert/)).toHaveCount(deliveredBefore + 1)
  await seller.waitForLoadState()
}

/** The seller opens the order from the dashboard's count of `group` and the list it leads to. */
async function openFromDashboard(seller: Page, group: RegExp, username: string, orderId: number) {
  await seller.goto('/admin')
  await seller.getByRole('link', { name: group }).click()
  await expect(seller).toHaveURL(/where/)
  // Earlier tests left many orders of the same status: the whole filtered list on one page.
  await seller.goto(`${seller.url()}&limit=100`)
  const row = seller.getByRole('row').filter({ hasText: username })
  await expect(row).toHaveCount(1)
  await row.getByRole('link').first().click()
  await expect(seller).toHaveURL(new RegExp(`/admin/collections/orders/${orderId}$`))
}

async function newCustomerWithPaidOrder(browser: Browser) {
  const context = await browser.newContext()
  const customer = await context.newPage()
  const username = `auftrag-${randomBytes(4).toString('hex')}`
  const password = `Ruhig-${randomBytes(6).toString('hex')}`
  expect(
    (await customer.request.post('/api/accounts/register/', { data: { username, email: `${username}@example.com`, password }, headers: fromTheShop })).status(),
  ).toBe(201)
  await customer.goto('/login')
  await customer.getByLabel('Benutzername oder E-Mail').fill(username)
  await customer.getByLabel('Passwort').fill(password)
  await customer.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect(customer).toHaveURL(/\/account$/)
  const placed = await customer.request.post('/api/orders/', {
    data: {
      package: 'vocalbalance',
      use_type: 'meditation',
      theme: 'inner-peace',
      personal_note: 'Mit meiner Stimme am Anfang',
      payment_method: 'prepayment',
      ...CONSENTS,
    },
    headers: fromTheShop,
  })
  expect(placed.status()).toBe(201)
  const orderId: number = (await placed.json()).id
  const recording = await customer.request.post(`/api/orders/${orderId}/upload-audio/`, {
    multipart: { file: { name: 'stimme.wav', mimeType: 'audio/wav', buffer: silentWav(1) }, description: 'Meine Stimme' },
    headers: fromTheShop,
  })
  expect(recording.status()).toBe(201)
  await sellerSetsStatuses(orderId, ['paid'])
  return { context, customer, username, orderId }
}

test('a commission from payment to "happy": the seller delivers and revises in the admin, the customer listens, asks for a revision, downloads, gives and confirms', async ({
  page: seller,
  browser,
}) => {
  test.setTimeout(240_000)
  const { context, customer, username, orderId } = await newCustomerWithPaidOrder(browser)

  // The seller: the paid order under "Zu komponieren", the customer's recording plays, work starts, the song goes out.
  await logInToAdmin(seller)
  await openFromDashboard(seller, /Zu komponieren/, username, orderId)
  const recording = seller.getByLabel('Sprachaufnahmen des Kunden 1')
  await expect(recording).toHaveAttribute('src', /^\/media\/audio\//)
  expect(await playerLoads(recording)).toBe(true)
  await seller.getByRole('button', { name: 'In Arbeit' }).click()
  await expect(seller.locator('.shop-history')).toContainText('Bezahlt → In Arbeit')
  await seller.waitForLoadState()
  await deliverInAdmin(seller, 'fassung-1.wav', 'Dein Morgenlied')

  // The customer hears it and asks for a revision.
  await customer.goto(`/account/orders/${orderId}`)
  const song = customer.getByRole('region', { name: 'Dein Song' })
  await expect(song.getByLabel('Fassung 1: Dein Morgenlied')).toBeVisible()
  await song.getByRole('button', { name: 'Überarbeitung wünschen' }).click()
  await song.getByLabel('Dein Wunsch').fill('Bitte den Anfang etwas leiser und langsamer.')
  await song.getByRole('button', { name: 'Überarbeitung anfragen' }).click()
  await expect(song.getByText('Bitte den Anfang etwas leiser und langsamer.')).toBeVisible()

  // The seller finds the wish on the dashboard and sends the new version.
  await openFromDashboard(seller, /Überarbeitung gewünscht/, username, orderId)
  await expect(seller.getByText('Bitte den Anfang etwas leiser und langsamer.')).toBeVisible()
  await deliverInAdmin(seller, 'fassung-2.wav', 'Dein Morgenlied, sanfter')
  await expect(seller.getByLabel('Fassung 2')).toBeVisible()

  // The customer: both versions, both formats, a gift link made and revoked, then "happy".
  await customer.reload()
  await expect(song.getByRole('heading', { level: 3 })).toHaveText(['Fassung 2', 'Fassung 1'])
  const downloads = song.getByRole('group', { name: 'Downloads: Fassung 2, Dein Morgenlied, sanfter' })
  const [mp3] = await Promise.all([customer.waitForEvent('download'), downloads.getByRole('button', { name: 'Herunterladen: MP3 (320 kbit/s)' }).click()])
  expect((await parseBuffer(await readFile((await mp3.path())!), { mimeType: 'audio/mpeg' })).format.bitrate).toBe(320_000)
  const [original] = await Promise.all([customer.waitForEvent('download'), downloads.getByRole('button', { name: 'Original (WAV, verlustfrei)' }).click()])
  expect((await readFile((await original.path())!)).subarray(0, 4).toString()).toBe('RIFF')

  const gifts = customer.getByRole('region', { name: 'Als Geschenk teilen' })
  await gifts.getByLabel(/Deine Widmung/).fill('Für Papa, zum Aufwachen.')
  await gifts.getByRole('button', { name: 'Geschenk-Link erstellen' }).click()
  const giftUrl = await gifts.getByLabel('Geschenk-Link').inputValue()
  const visitor = await browser.newContext()
  const giftPage = await visitor.newPage()
  expect((await giftPage.goto(giftUrl))?.status()).toBe(200)
  await expect(giftPage.getByText('Für Papa, zum Aufwachen.')).toBeVisible()
  await expect(giftPage.getByText(username)).toHaveCount(0)
  await gifts.getByRole('button', { name: /^Link widerrufen/ }).click()
  await expect(gifts.getByText(/^Widerrufen am/)).toBeVisible()
  expect((await giftPage.goto(giftUrl))?.status()).toBe(404)
  await visitor.close()

  await song.getByRole('button', { name: 'Ich bin glücklich mit meinem Song' }).click()
  await expect(customer.getByText('Abgeschlossen – danke für deine Bestätigung!')).toBeVisible()
  await context.close()

  // The seller sees the commission completed, with the customer's confirmation and the whole history.
  await seller.goto(`/admin/collections/orders/${orderId}`)
  await expect(seller.locator('.shop-status-field')).toContainText('Abgeschlossen')
  await expect(seller.locator('.shop-history')).toContainText('Überarbeitung gewünscht')
  await expect(seller.getByRole('button', { name: 'In Arbeit' })).toHaveCount(0)
})
