import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import jsQR from 'jsqr'
import sharp from 'sharp'
import { CONSENTS } from '../support/orders'
import { paidSession, signedStripeEvent } from '../support/stripe-events'
import { expect, expectAccessible, fromTheShop, sellerSetsStatuses, test, useLanguage } from './support'

/** A fresh customer, registered and logged in through the API; the page's context keeps the cookie. */
async function logInAsNewCustomer(page: Page) {
  const username = `zahlerin-${randomBytes(4).toString('hex')}`
  const account = { username, email: `${username}@example.com`, password: `Ruhig-${randomBytes(6).toString('hex')}` }
  expect((await page.request.post('/api/accounts/register/', { data: account, headers: fromTheShop })).status()).toBe(201)
  expect((await page.request.post('/api/auth/', { data: { username, password: account.password }, headers: fromTheShop })).status()).toBe(200)
}

async function placePrepaymentOrder(page: Page, payment_method = 'prepayment'): Promise<number> {
  const response = await page.request.post('/api/orders/', {
    data: { package: 'vocalbalance', use_type: 'meditation', theme: 'inner-peace', payment_method, ...CONSENTS },
    headers: fromTheShop,
  })
  expect(response.status()).toBe(201)
  return (await response.json()).id
}

/** Reads the GiroCode the way a banking app's camera does: from the pixels on screen. */
async function scanGirocode(page: Page): Promise<string | undefined> {
  const shot = await page.getByRole('img', { name: /^GiroCode/ }).screenshot()
  const { data, info } = await sharp(shot).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data
}

/** Stripe's signed event that a Checkout Session was paid, delivered to the shop's webhook (Stripe cannot be reached from here). */
async function stripeConfirmsPayment(page: Page, orderId: number, amountCents: number) {
  const { body, signature } = signedStripeEvent({
    id: `evt_e2e_${orderId}`,
    ...paidSession(orderId, amountCents, { id: `cs_e2e_${orderId}`, payment_intent: `pi_e2e_${orderId}` }),
  })
  const response = await page.request.post('/api/payments/stripe/webhook', {
    data: body,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
  })
  expect(response.status()).toBe(200)
}

test.describe('the order page', () => {
  test('an unpaid prepayment order shows the bank details and a GiroCode with the amount and the reference', async ({ page }) => {
    await logInAsNewCustomer(page)
    const orderId = await placePrepaymentOrder(page)
    await page.goto(`/account/orders/${orderId}`)

    await expect(page.getByRole('heading', { level: 1, name: `Bestellung Nr. ${orderId}` })).toBeVisible()
    await expect(page.getByText('Zahlung ausstehend')).toBeVisible()
    await expect(page.getByText('Sobald deine Zahlung eingegangen ist, beginnt die Arbeit an deinem Song.')).toBeVisible()
    const bank = page.getByRole('region', { name: 'Bitte überweise den Betrag' })
    await expect(bank.getByText('Lina Sommer', { exact: true })).toBeVisible()
    await expect(bank.getByText(/^DE\d\d( \d{4}){4} \d\d$/)).toBeVisible()
    await expect(bank.getByText('69,00 €')).toBeVisible()
    await expect(bank.getByText(`Bestellung ${orderId}`, { exact: true })).toBeVisible()

    const scanned = (await scanGirocode(page))?.split('\n')
    expect(scanned?.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT'])
    expect(scanned?.[5]).toBe('Lina Sommer')
    expect(scanned?.[6]).toMatch(/^DE\d{20}$/)
    expect(scanned?.[7]).toBe('EUR69.00')
    expect(scanned?.[10]).toBe(`Bestellung ${orderId}`)

    // The summary with the VAT the total contains.
    await expect(page.getByText('inkl. 19 % MwSt. (11,02 €)')).toBeVisible()
    await expectAccessible(page)

    // The account shows the same transfer while the order is unpaid.
    await page.goto('/account')
    const card = page.getByRole('article').filter({ hasText: `Bestellung Nr. ${orderId}` })
    await expect(card.getByRole('region', { name: 'Bitte überweise den Betrag' }).getByText(`Bestellung ${orderId}`, { exact: true })).toBeVisible()
    // Scanned until the image has been painted: a screenshot taken while it still decodes reads nothing.
    await expect.poll(async () => (await scanGirocode(page))?.split('\n')[7]).toBe('EUR69.00')
    await expectAccessible(page)
  })

  test('an unpaid card order can be paid (again) from the account: Stripe’s page, then paid with its invoice', async ({ page }) => {
    await logInAsNewCustomer(page)
    const orderId = await placePrepaymentOrder(page, 'credit_card')
    await page.goto('/account')
    await page.getByRole('link', { name: `So bezahlst du zu Bestellung Nr. ${orderId}` }).click()
    await expect(page).toHaveURL(new RegExp(`/account/orders/${orderId}$`))
    await page.getByRole('button', { name: 'Mit Kreditkarte bezahlen' }).click()
    await expect(page.getByRole('heading', { name: 'Stripe test payment page (loopback stand-in)' })).toBeVisible()

    // The customer closed the tab before returning; Stripe's webhook makes the order paid all the same.
    await stripeConfirmsPayment(page, orderId, 6900)
    await page.goto(`/account/orders/${orderId}?paid=1`)
    await expect(page.getByText('Status: Bezahlt')).toBeVisible()
    await expect(page.getByText('Deine Zahlung ist eingegangen – die Arbeit an deinem Song beginnt in Kürze.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Mit Kreditkarte bezahlen' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Rechnung herunterladen (PDF, öffnet in neuem Tab)' })).toBeVisible()
  })

  test('speaks English to an English visitor', async ({ page }) => {
    await useLanguage(page, 'en')
    await logInAsNewCustomer(page)
    const orderId = await placePrepaymentOrder(page)
    await page.goto(`/account/orders/${orderId}`)
    await expect(page.getByRole('heading', { level: 1, name: `Order no. ${orderId}` })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Please transfer the amount' })).toBeVisible()
    await expect(page.getByText('€69.00').first()).toBeVisible()
  })

  test('a delivered order is confirmed right there, once', async ({ page }) => {
    await logInAsNewCustomer(page)
    const orderId = await placePrepaymentOrder(page)
    await sellerSetsStatuses(orderId, ['paid', 'delivered'])

    // Paid, so invoiced: the invoice opens as a PDF from the order page.
    await page.goto(`/account/orders/${orderId}`)
    const invoiceLink = page.getByRole('link', { name: 'Rechnung herunterladen (PDF, öffnet in neuem Tab)' })
    // The headless browser has no PDF viewer: the new tab asks for the PDF and keeps no address of
    // its own, so the tab's request is what shows where the link leads.
    const invoiceRequest = page.context().waitForEvent('request', (request) => /\/api\/invoices\/\d+\.pdf$/.test(request.url()))
    const [invoiceTab] = await Promise.all([page.context().waitForEvent('page'), invoiceLink.click()])
    expect((await invoiceRequest).frame().page()).toBe(invoiceTab)
    const invoice = await page.request.get((await invoiceLink.getAttribute('href')) ?? '', { headers: fromTheShop })
    expect(invoice.headers()['content-type']).toBe('application/pdf')
    expect((await invoice.body()).subarray(0, 5).toString()).toBe('%PDF-')
    await invoiceTab.close()

    await page.goto(`/account/orders/${orderId}`)
    await expect(page.getByText('Dein Song ist fertig! Hör ihn dir an und bestätige, wenn du glücklich bist.')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Bitte überweise den Betrag' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Ich bin glücklich mit meinem Song' }).click()
    await expect(page.getByText('Abgeschlossen – danke für deine Bestätigung!')).toBeVisible()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Ich bin glücklich mit meinem Song' })).toHaveCount(0)
  })

  test("is the owner's alone: another customer gets the 404 page, a visitor the login", async ({ page, browser }) => {
    await logInAsNewCustomer(page)
    const orderId = await placePrepaymentOrder(page)

    const stranger = await browser.newPage()
    await logInAsNewCustomer(stranger)
    const response = await stranger.goto(`/account/orders/${orderId}`)
    expect(response?.status()).toBe(404)
    await expect(stranger.getByText(/^DE\d\d( \d{4}){4} \d\d$/)).toHaveCount(0)
    await expect(stranger.getByText(`Bestellung ${orderId}`, { exact: true })).toHaveCount(0)
    expect((await stranger.request.get(`/api/orders/${orderId}/girocode.svg`, { headers: fromTheShop })).status()).toBe(404)

    const visitor = await browser.newPage()
    await visitor.goto(`/account/orders/${orderId}`)
    await expect(visitor).toHaveURL(/\/login$/)
    expect((await visitor.request.get(`/api/orders/${orderId}/girocode.svg`)).status()).toBe(401)
    await Promise.all([stranger.close(), visitor.close()])
  })
})
