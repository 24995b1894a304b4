import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { parseBuffer } from 'music-metadata'
import { CONSENTS } from '../support/orders'
import { expect, expectAccessible, fromTheShop, logInToAdmin, sellerDelivers, sellerSetsStatuses, test, useLanguage } from './support'

const SHOTS = '/tmp/shots-after'

/** A fresh customer, registered and logged in through the API; the page's context keeps the cookie. */
async function logInAsNewCustomer(page: Page): Promise<string> {
  const username = `geschenk-${randomBytes(4).toString('hex')}`
  const account = { username, email: `${username}@example.com`, password: `Ruhig-${randomBytes(6).toString('hex')}` }
  expect((await page.request.post('/api/accounts/register/', { data: account, headers: fromTheShop })).status()).toBe(201)
  expect((await page.request.post('/api/auth/', { data: { username, password: account.password }, headers: fromTheShop })).status()).toBe(200)
  return username
}

/** A customer's order of `pkg`, placed and paid, with the seller's first version delivered. */
async function deliveredOrder(page: Page, pkg: string, description: string): Promise<number> {
  const placed = await page.request.post('/api/orders/', {
    data: { package: pkg, use_type: 'meditation', theme: 'inner-peace', payment_method: 'prepayment', ...CONSENTS },
    headers: fromTheShop,
  })
  expect(placed.status()).toBe(201)
  const orderId: number = (await placed.json()).id
  await sellerSetsStatuses(orderId, ['paid'])
  await sellerDelivers(orderId, 'fassung-1.wav', description)
  return orderId
}

test('after delivery: the customer asks for a revision, hears both versions, downloads both formats, gives the song as a gift and confirms', async ({
  page,
  browser,
}) => {
  const username = await logInAsNewCustomer(page)
  const orderId = await deliveredOrder(page, 'vocalbalance', 'Dein Abendlied')

  // Version 1 with a player; the wish for a revision.
  await page.goto(`/account/orders/${orderId}`)
  const song = page.getByRole('region', { name: 'Dein Song' })
  await expect(song.getByRole('heading', { name: 'Fassung 1' })).toBeVisible()
  await expect(song.getByLabel('Fassung 1: Dein Abendlied')).toBeVisible()
  await song.getByRole('button', { name: 'Überarbeitung wünschen' }).click()
  await song.getByLabel('Dein Wunsch').fill('Bitte am Ende noch zwei Minuten sanftes Meeresrauschen.')
  await page.screenshot({ path: `${SHOTS}/1-revision-form.png`, fullPage: true })
  await song.getByRole('button', { name: 'Überarbeitung anfragen' }).click()
  await expect(page.getByText('Dein Überarbeitungswunsch ist angekommen.', { exact: false })).toBeVisible()
  await expect(song.getByText('Bitte am Ende noch zwei Minuten sanftes Meeresrauschen.')).toBeVisible()
  await expect(song.getByRole('button', { name: 'Überarbeitung wünschen' })).toHaveCount(0)

  // The seller's new version: both versions, newest first, the wish between them.
  await sellerDelivers(orderId, 'fassung-2.wav', 'Dein Abendlied, mit Meer')
  await page.reload()
  const headings = song.getByRole('heading', { level: 3 })
  await expect(headings).toHaveText(['Fassung 2', 'Fassung 1'])
  await expect(song.getByText(/Dein Überarbeitungswunsch zu Fassung 1/)).toBeVisible()
  await expect(song.getByLabel('Fassung 2: Dein Abendlied, mit Meer')).toBeVisible()
  // VocalBalance includes two revisions: one is left.
  await song.getByRole('button', { name: 'Überarbeitung wünschen' }).click()
  await expect(song.getByText('Noch offen: 1 von 2 enthaltenen Überarbeitungen.', { exact: false })).toBeVisible()
  await song.getByRole('button', { name: 'Abbrechen' }).click()
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/2-two-versions.png`, fullPage: true })

  // Both formats of version 2.
  const downloads = song.getByRole('group', { name: 'Downloads: Fassung 2, Dein Abendlied, mit Meer' })
  const [mp3] = await Promise.all([page.waitForEvent('download'), downloads.getByRole('button', { name: 'Herunterladen: MP3 (320 kbit/s)' }).click()])
  expect(mp3.suggestedFilename()).toBe(`VocalBalance-Bestellung-${orderId}-Fassung-2.mp3`)
  const { format } = await parseBuffer(await readFile((await mp3.path())!), { mimeType: 'audio/mpeg' })
  expect(format.bitrate).toBe(320_000)
  const [original] = await Promise.all([page.waitForEvent('download'), downloads.getByRole('button', { name: 'Original (WAV, verlustfrei)' }).click()])
  expect(original.suggestedFilename()).toBe(`VocalBalance-Bestellung-${orderId}-Fassung-2-original.wav`)
  expect((await readFile((await original.path())!)).subarray(0, 4).toString()).toBe('RIFF')

  // A gift link, opened by someone without an account.
  const gifts = page.getByRole('region', { name: 'Als Geschenk teilen' })
  await gifts.getByLabel('Welcher Song').selectOption({ label: 'Fassung 2: Dein Abendlied, mit Meer' })
  await gifts.getByLabel(/Deine Widmung/).fill('Für Oma Inge – zum Einschlafen am Meer.')
  await gifts.getByRole('button', { name: 'Geschenk-Link erstellen' }).click()
  const giftUrl = await gifts.getByLabel('Geschenk-Link').inputValue()
  expect(giftUrl).toMatch(/\/geschenk\/[A-Za-z0-9_-]{43}$/)
  await expect(gifts.getByText('Für Oma Inge – zum Einschlafen am Meer.')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/3-gift-link-created.png`, fullPage: true })

  const visitor = await browser.newContext()
  const giftPage = await visitor.newPage()
  expect((await giftPage.goto(giftUrl))?.status()).toBe(200)
  await expect(giftPage.getByRole('heading', { level: 1, name: 'Dein Abendlied, mit Meer' })).toBeVisible()
  await expect(giftPage.getByLabel('Dein Abendlied, mit Meer anhören')).toBeVisible()
  await expect(giftPage.getByText('Für Oma Inge – zum Einschlafen am Meer.')).toBeVisible()
  await expect(giftPage.getByText(username)).toHaveCount(0)
  await expect(giftPage.getByText(String(orderId), { exact: false })).toHaveCount(0)
  // The player really plays: its audio answers without a login.
  const audioSource = await giftPage.getByLabel('Dein Abendlied, mit Meer anhören').getAttribute('src')
  expect((await giftPage.request.get(audioSource ?? '')).status()).toBe(200)
  await expectAccessible(giftPage)
  await giftPage.screenshot({ path: `${SHOTS}/4-gift-page.png`, fullPage: true })

  await gifts.getByRole('button', { name: /^Link widerrufen/ }).click()
  await expect(gifts.getByText(/^Widerrufen am/)).toBeVisible()
  expect((await giftPage.goto(giftUrl))?.status()).toBe(404)
  await expect(giftPage.getByRole('heading', { name: 'Dieses Geschenk gibt es nicht (mehr)' })).toBeVisible()
  await giftPage.screenshot({ path: `${SHOTS}/5-gift-revoked.png`, fullPage: true })
  await visitor.close()

  // Happy: confirmed for good, no more revisions.
  await song.getByRole('button', { name: 'Ich bin glücklich mit meinem Song' }).click()
  await expect(page.getByText('Abgeschlossen – danke für deine Bestätigung!')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Überarbeitung wünschen' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Ich bin glücklich mit meinem Song' })).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/6-completed.png`, fullPage: true })
})

test('once the included revisions are used, the page says so instead of offering another', async ({ page }) => {
  await logInAsNewCustomer(page)
  const orderId = await deliveredOrder(page, 'soundtouch', 'Dein Schlaflied')
  const asked = await page.request.post(`/api/orders/${orderId}/revisions/`, { data: { message: 'Bitte etwas leiser am Ende.' }, headers: fromTheShop })
  expect(asked.status()).toBe(201)
  await sellerDelivers(orderId, 'fassung-2.wav', 'Dein Schlaflied, leiser')

  await page.goto(`/account/orders/${orderId}`)
  const song = page.getByRole('region', { name: 'Dein Song' })
  await expect(song.getByRole('heading', { level: 3 })).toHaveText(['Fassung 2', 'Fassung 1'])
  await expect(song.getByText('Alle enthaltenen Überarbeitungen genutzt')).toBeVisible()
  await expect(song.getByRole('button', { name: 'Überarbeitung wünschen' })).toHaveCount(0)
  await expect(song.getByRole('button', { name: 'Ich bin glücklich mit meinem Song' })).toBeVisible()
})

test("the seller reads a customer's revision request in the admin: in its list and beside the order", async ({ page, browser }) => {
  await logInAsNewCustomer(page)
  const orderId = await deliveredOrder(page, 'deepflow', 'Dein Morgenlied')
  const wish = `Bitte mit Vogelstimmen am Anfang (${randomBytes(3).toString('hex')}).`
  expect((await page.request.post(`/api/orders/${orderId}/revisions/`, { data: { message: wish }, headers: fromTheShop })).status()).toBe(201)

  const seller = await (await browser.newContext()).newPage()
  await logInToAdmin(seller)
  await seller.goto('/admin/collections/revision-requests')
  await expect(seller.getByRole('heading', { name: 'Überarbeitungswünsche' }).first()).toBeVisible()
  await expect(seller.getByText(wish)).toBeVisible()
  await seller.goto(`/admin/collections/orders/${orderId}`)
  await expect(seller.getByText(wish)).toBeVisible()
  await seller.screenshot({ path: `${SHOTS}/7-admin-order-revision.png`, fullPage: true })
  await seller.context().close()
})

test('speaks English to an English customer, and the gift link leads to the English gift page', async ({ page, browser }) => {
  await useLanguage(page, 'en')
  await logInAsNewCustomer(page)
  const orderId = await deliveredOrder(page, 'vocalbalance', 'Your evening song')
  await page.goto(`/account/orders/${orderId}`)
  const song = page.getByRole('region', { name: 'Your song' })
  await expect(song.getByRole('heading', { name: 'Version 1' })).toBeVisible()
  await expect(song.getByRole('button', { name: 'Download: MP3 (320 kbit/s)' })).toBeVisible()
  await expect(song.getByRole('button', { name: 'Original (WAV, lossless)' })).toBeVisible()
  await expect(song.getByRole('button', { name: 'Request a revision' })).toBeVisible()

  const gifts = page.getByRole('region', { name: 'Share as a gift' })
  await gifts.getByLabel(/Your dedication/).fill('For you, with love.')
  await gifts.getByRole('button', { name: 'Create gift link' }).click()
  const giftUrl = await gifts.getByLabel('Gift link').inputValue()
  expect(giftUrl).toMatch(/\/en\/gift\/[A-Za-z0-9_-]{43}$/)
  await expect(gifts.getByRole('button', { name: /^Revoke link/ })).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/8-english-order-page.png`, fullPage: true })

  const visitor = await browser.newContext()
  const giftPage = await visitor.newPage()
  expect((await giftPage.goto(giftUrl))?.status()).toBe(200)
  await expect(giftPage.getByText('A song for you')).toBeVisible()
  await expect(giftPage.getByText('For you, with love.')).toBeVisible()
  await visitor.close()
})
