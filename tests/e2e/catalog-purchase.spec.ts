import { randomBytes } from 'node:crypto'
import { type Page, request } from '@playwright/test'
import { CONSENTS } from '../support/orders'
import { signedStripeEvent } from '../support/stripe-events'
import { SHOP_MARKER } from '../../src/payments/stripe-checkout'
import { expect, expectAccessible, fromTheShop, sellerAuthorization, sellerSetsStatuses, test, useLanguage } from './support'

/*
 * Issue 33, the buyer's side: albums and tracks from the cart bought at the checkout (by card
 * through the Stripe stand-in, by prepayment with the seller's confirmation), the purchase's own
 * page, a refused amount, and a tip after a delivered commission. The demo album "Wasser & Wind" is
 * name-your-price (at least 5 €, 8 € suggested), "Zwischen Tag und Traum" costs 9,99 € and its
 * track "Morgentau" 1,29 €.
 */

async function logInAsNewCustomer(page: Page) {
  const username = `hoererin-${randomBytes(4).toString('hex')}`
  const account = { username, email: `${username}@example.com`, password: `Leise-${randomBytes(6).toString('hex')}` }
  expect((await page.request.post('/api/accounts/register/', { data: account, headers: fromTheShop })).status()).toBe(201)
  expect((await page.request.post('/api/auth/', { data: { username, password: account.password }, headers: fromTheShop })).status()).toBe(200)
}

async function albumPage(page: Page, title: string) {
  const groups: { id: number; title: string }[] = await (await page.request.get('/api/music/music-groups/', { headers: { 'Accept-Language': 'de' } })).json()
  const album = groups.find((group) => group.title === title)
  expect(album, title).toBeTruthy()
  await page.goto(`/music-group/${album!.id}`)
}

type ListedPurchase = { id: number; status: string; total: number; lines: { kind: string; title: string; amount: number }[] }

const myPurchases = async (page: Page): Promise<ListedPurchase[]> => (await page.request.get('/api/purchases/my/', { headers: fromTheShop })).json()

/** The seller records a bank transfer's arrival through Payload's REST, as the admin panel's status field does. */
async function sellerMarksPurchasePaid(purchaseId: number) {
  const api = await request.newContext({ baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:3000' })
  const response = await api.patch(`/api/cms/purchases/${purchaseId}`, { data: { status: 'paid' }, headers: await sellerAuthorization() })
  expect(response.status()).toBe(200)
  await api.dispose()
}

/** Stripe's signed event that the purchase's Checkout Session was paid, delivered to the shop's webhook (Stripe cannot be reached from here). */
async function stripeConfirmsPurchase(page: Page, purchaseId: number, amountCents: number) {
  const { body, signature } = signedStripeEvent({
    id: `evt_e2e_purchase_${purchaseId}`,
    type: 'checkout.session.completed',
    object: {
      id: `cs_e2e_purchase_${purchaseId}`,
      object: 'checkout.session',
      metadata: { purchase_id: String(purchaseId), shop: SHOP_MARKER },
      client_reference_id: `purchase-${purchaseId}`,
      currency: 'eur',
      payment_status: 'paid',
      amount_total: amountCents,
      payment_intent: `pi_e2e_purchase_${purchaseId}`,
    },
  })
  const response = await page.request.post('/api/payments/stripe/webhook', {
    data: body,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
  })
  expect(response.status()).toBe(200)
}

/** A delivered commission of the logged-in customer, placed through the API and moved on by the seller. */
async function deliveredCommission(page: Page): Promise<number> {
  const placed = await page.request.post('/api/orders/', {
    data: { package: 'vocalbalance', use_type: 'meditation', theme: 'inner-peace', payment_method: 'prepayment', ...CONSENTS },
    headers: fromTheShop,
  })
  expect(placed.status()).toBe(201)
  const orderId: number = (await placed.json()).id
  await sellerSetsStatuses(orderId, ['paid', 'delivered'])
  return orderId
}

const orderButton = (page: Page) => page.getByRole('button', { name: 'zahlungspflichtig bestellen' })

test.describe('buying albums and tracks (German)', () => {
  test.beforeEach(async ({ page }) => useLanguage(page, 'de'))

  test('name your price by card: the chosen amount at checkout, Stripe’s page, then the purchase page says paid, with the way to "Meine Musik" and a tip', async ({
    page,
  }) => {
    await logInAsNewCustomer(page)
    await albumPage(page, 'Wasser & Wind')
    await page.getByLabel('Dein Betrag (mindestens 5,00 €)').fill('12.5')
    await page.getByRole('button', { name: 'Kaufen', exact: true }).click()
    await expect(page).toHaveURL(/\/cart$/)
    await expect(page.getByText('Alben und Titel bezahlst du an der Kasse; danach findest du sie in deinem Konto unter „Meine Musik“.')).toBeVisible()
    await page.getByRole('link', { name: 'Zur Kasse' }).click()
    await expect(page).toHaveURL(/\/checkout$/)

    const summary = page.getByRole('region', { name: 'Deine Bestellung' })
    await expect(summary.getByRole('heading', { name: 'Wasser & Wind' })).toBeVisible()
    await expect(summary.getByText(/^Album zum Download · Formate: MP3 320 kbit\/s/)).toBeVisible()
    await expect(summary.getByText('12,50 €').first()).toBeVisible()
    await expect(summary.getByText('inkl. 19 % MwSt. (2,00 €)')).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Land deiner Rechnungsanschrift' })).toHaveValue('DE')
    // Downloads ask for their own consent; no custom song, so no box for the early start of a work.
    await expect(page.getByRole('checkbox', { name: /Beginn|mit der Ausführung/ })).toHaveCount(0)
    await expectAccessible(page)

    await orderButton(page).click()
    await expect(page.getByText('Bitte akzeptiere die AGB, um zu bestellen.').first()).toBeVisible()
    await expect(page.getByText('Bitte stimme der Bereitstellung der Downloads vor Ablauf der Widerrufsfrist zu, um zu kaufen.').first()).toBeVisible()
    await expect(page.getByText('Bitte wähle eine Zahlungsart.').first()).toBeVisible()

    await page.getByRole('radio', { name: 'Kreditkarte' }).check()
    await page.getByRole('checkbox', { name: /AGB/ }).check()
    await page.getByRole('checkbox', { name: /Downloads vor Ablauf der Widerrufsfrist/ }).check()
    await orderButton(page).click()
    await expect(page.getByRole('heading', { name: 'Stripe test payment page (loopback stand-in)' })).toBeVisible()

    const [purchase] = await myPurchases(page)
    expect(purchase).toMatchObject({ status: 'pending_payment', total: 12.5, lines: [{ kind: 'music-group', title: 'Wasser & Wind', amount: 12.5 }] })
    await stripeConfirmsPurchase(page, purchase!.id, 1250)
    await page.goto(`/account/purchases/${purchase!.id}?paid=1`)
    await expect(page.getByRole('heading', { level: 1, name: `Kauf Nr. ${purchase!.id}` })).toBeVisible()
    await expect(page.getByText('Status: Bezahlt und geliefert')).toBeVisible()
    await expect(page.getByText('Bezahlt – deine Musik wartet unter „Meine Musik“ auf dich.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Zu „Meine Musik“' })).toHaveAttribute('href', '/account/music')
    await expect(page.getByRole('link', { name: 'Rechnung herunterladen (PDF, öffnet in neuem Tab)' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Bezahlen' })).toHaveCount(0)
    // After a name-your-price album: a tip may follow.
    await expect(page.getByRole('region', { name: 'Trinkgeld geben' })).toBeVisible()
    await expectAccessible(page)

    // The cart is empty, and the account lists the purchase beside the (no) orders.
    await expect(page.getByRole('link', { name: /^Warenkorb/ })).toHaveAccessibleName('Warenkorb')
    await page.goto('/account')
    const purchases = page.getByRole('region', { name: 'Meine Käufe' })
    await expect(purchases.getByRole('article', { name: 'Wasser & Wind' }).getByText('Bezahlt und geliefert')).toBeVisible()
    await purchases.getByRole('link', { name: `Details ansehen zu Kauf Nr. ${purchase!.id}` }).click()
    await expect(page).toHaveURL(new RegExp(`/account/purchases/${purchase!.id}$`))
  })

  test('by prepayment: the purchase page shows the bank details and the GiroCode; once the seller marks it paid, it says paid with the invoice', async ({
    page,
  }) => {
    await logInAsNewCustomer(page)
    await albumPage(page, 'Zwischen Tag und Traum')
    await page.getByRole('button', { name: 'Kaufen – 9,99 €', exact: true }).click()
    await expect(page).toHaveURL(/\/cart$/)
    await page.goto('/checkout')
    await page.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).check()
    await page.getByRole('checkbox', { name: /AGB/ }).check()
    await page.getByRole('checkbox', { name: /Downloads vor Ablauf der Widerrufsfrist/ }).check()
    await orderButton(page).click()

    await expect(page).toHaveURL(/\/account\/purchases\/\d+\?placed=1$/)
    const purchaseId = Number(/purchases\/(\d+)/.exec(page.url())![1])
    await expect(page.getByRole('status').filter({ hasText: 'Dein Kauf wurde erfolgreich übermittelt.' })).toBeVisible()
    await expect(page.getByText('Status: Wartet auf Zahlung')).toBeVisible()
    await expect(page.getByText('Sobald deine Überweisung eingegangen ist, steht deine Musik unter „Meine Musik“ bereit.')).toBeVisible()
    const bank = page.getByRole('region', { name: 'Bitte überweise den Betrag' })
    await expect(bank.getByText('9,99 €')).toBeVisible()
    await expect(bank.getByRole('img', { name: /^GiroCode für die Überweisung von 9,99 €/ })).toHaveAttribute(
      'src',
      `/api/purchases/${purchaseId}/girocode.svg`,
    )
    await expect(page.getByRole('link', { name: 'Zu „Meine Musik“' })).toHaveCount(0)
    await expectAccessible(page)

    await sellerMarksPurchasePaid(purchaseId)
    await page.goto(`/account/purchases/${purchaseId}`)
    await expect(page.getByText('Status: Bezahlt und geliefert')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Bitte überweise den Betrag' })).toHaveCount(0)
    const invoice = page.getByRole('link', { name: 'Rechnung herunterladen (PDF, öffnet in neuem Tab)' })
    await expect(invoice).toBeVisible()
    const pdf = await page.request.get((await invoice.getAttribute('href'))!, { headers: fromTheShop })
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toContain('application/pdf')
    await expect(page.getByRole('link', { name: 'Zu „Meine Musik“' })).toBeVisible()
    // A fixed price: no tip offered.
    await expect(page.getByRole('region', { name: 'Trinkgeld geben' })).toHaveCount(0)
  })

  test('a custom song and an album together: three boxes, both subtotals, the order and the purchase placed, on to the account that lists both', async ({
    page,
  }) => {
    await logInAsNewCustomer(page)
    await page.goto('/custom-songs/soundtouch/sleep')
    await page.getByRole('radio', { name: 'Tiefer Schlaf' }).check()
    await page.getByRole('button', { name: 'Weiter zur Übersicht' }).click()
    await page.getByRole('button', { name: 'In den Warenkorb' }).click()
    await expect(page).toHaveURL(/\/cart$/)
    await albumPage(page, 'Zwischen Tag und Traum')
    await page.getByRole('button', { name: 'Kaufen – 9,99 €', exact: true }).click()
    await expect(page).toHaveURL(/\/cart$/)
    await page.getByRole('link', { name: 'Zur Kasse' }).click()

    const summary = page.getByRole('region', { name: 'Deine Bestellung' })
    await expect(summary.getByRole('row', { name: /Wunschsongs/ })).toBeVisible()
    await expect(summary.getByRole('row', { name: /Alben und Titel/ })).toContainText('9,99 €')
    // The terms once, the early start of the song's work, and the downloads' consent.
    await expect(page.getByRole('checkbox')).toHaveCount(4) // with the unticked "keep me posted"
    await page.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).check()
    await page.getByRole('checkbox', { name: /AGB/ }).check()
    await page.getByRole('checkbox', { name: /mit der Ausführung des Vertrags beginnst/ }).check()
    await page.getByRole('checkbox', { name: /Downloads vor Ablauf der Widerrufsfrist/ }).check()
    await orderButton(page).click()

    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'SoundTouch' }) })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Meine Käufe' }).getByRole('article', { name: 'Zwischen Tag und Traum' })).toContainText('Wartet auf Zahlung')
    await expect(page.getByRole('link', { name: /^Warenkorb/ })).toHaveAccessibleName('Warenkorb')
    const [purchase] = await myPurchases(page)
    expect(purchase).toMatchObject({ status: 'pending_payment', total: 9.99, payment_method: 'prepayment' })
  })

  test('an amount below the minimum (changed in the browser) is refused with the server’s message; nothing is bought, the cart keeps it', async ({ page }) => {
    await logInAsNewCustomer(page)
    await albumPage(page, 'Wasser & Wind')
    await page.getByRole('button', { name: 'Kaufen', exact: true }).click()
    await expect(page).toHaveURL(/\/cart$/)
    await page.evaluate(() => {
      const items = JSON.parse(localStorage.getItem('cart') ?? '[]')
      localStorage.setItem('cart', JSON.stringify(items.map((item: object) => ({ ...item, amount: 4 }))))
    })
    await page.goto('/checkout')
    await expect(page.getByRole('region', { name: 'Deine Bestellung' }).getByText('4,00 €').first()).toBeVisible()
    await page.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).check()
    await page.getByRole('checkbox', { name: /AGB/ }).check()
    await page.getByRole('checkbox', { name: /Downloads vor Ablauf der Widerrufsfrist/ }).check()
    await orderButton(page).click()
    const alert = page.getByRole('alert').filter({ hasText: 'Senden fehlgeschlagen.' })
    await expect(alert).toBeVisible()
    // The server's own words follow (its `detail`), naming the minimum.
    await expect(alert).toContainText(/5,00|5\.00/)
    await expect(page).toHaveURL(/\/checkout$/)
    await expect(page.getByRole('link', { name: /^Warenkorb/ })).toHaveAccessibleName('Warenkorb, 1 Artikel')
    expect(await myPurchases(page)).toEqual([])
  })

  test('a tip after a delivered commission: offered only once the song is delivered, the suggestions or an own amount, the terms only', async ({ page }) => {
    await logInAsNewCustomer(page)
    const placed = await page.request.post('/api/orders/', {
      data: { package: 'vocalbalance', use_type: 'meditation', theme: 'inner-peace', payment_method: 'prepayment', ...CONSENTS },
      headers: fromTheShop,
    })
    expect(placed.status()).toBe(201)
    const orderId: number = (await placed.json()).id
    await page.goto(`/account/orders/${orderId}`)
    // Not before the song is delivered.
    await expect(page.getByRole('heading', { name: `Bestellung Nr. ${orderId}` })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Trinkgeld geben' })).toHaveCount(0)

    await sellerSetsStatuses(orderId, ['paid', 'delivered'])
    await page.reload()
    const tip = page.getByRole('region', { name: 'Trinkgeld geben' })
    await expect(tip.getByRole('radio', { name: '3,00 €' })).toBeVisible()
    await expect(tip.getByRole('radio', { name: '5,00 €' })).toBeVisible()
    await expect(tip.getByRole('radio', { name: '10,00 €' })).toBeVisible()
    // A tip is no digital content: the terms only.
    await expect(tip.getByRole('checkbox')).toHaveCount(1)
    await expect(tip.getByRole('checkbox', { name: /AGB/ })).not.toBeChecked()
    await expectAccessible(page)

    const tipButton = tip.getByRole('button', { name: 'Trinkgeld zahlungspflichtig geben' })
    await tipButton.click()
    const amountMessage = 'Bitte wähle einen Betrag oder gib einen zwischen 1,00 € und 500,00 € ein.'
    await expect(tip.getByText(amountMessage)).toBeVisible()
    await expect(tip.getByText('Bitte akzeptiere die AGB, um zu bestellen.')).toBeVisible()
    await expect(tip.getByText('Bitte wähle eine Zahlungsart.')).toBeVisible()
    await tip.getByRole('radio', { name: 'Anderer Betrag' }).check()
    const own = tip.getByRole('spinbutton', { name: 'Dein Betrag in Euro (1,00 € bis 500,00 €)' })
    for (const refused of ['0.5', '501']) {
      await own.fill(refused)
      await tipButton.click()
      await expect(tip.getByText(amountMessage)).toBeVisible()
    }
    // Nothing was sent.
    expect(await myPurchases(page)).toEqual([])
    await expect(page).toHaveURL(new RegExp(`/account/orders/${orderId}$`))
  })

  test('a tip of an own amount by prepayment leads on to the purchase page with the bank details', async ({ page }) => {
    await logInAsNewCustomer(page)
    const orderId = await deliveredCommission(page)
    await page.goto(`/account/orders/${orderId}`)
    const tip = page.getByRole('region', { name: 'Trinkgeld geben' })
    await tip.getByRole('radio', { name: 'Anderer Betrag' }).check()
    await tip.getByRole('spinbutton', { name: 'Dein Betrag in Euro (1,00 € bis 500,00 €)' }).fill('7.5')
    await tip.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).check()
    await tip.getByRole('checkbox', { name: /AGB/ }).check()
    await tip.getByRole('button', { name: 'Trinkgeld zahlungspflichtig geben' }).click()

    await expect(page).toHaveURL(/\/account\/purchases\/\d+\?placed=1$/)
    await expect(page.getByRole('region', { name: 'Bitte überweise den Betrag' }).getByText('7,50 €')).toBeVisible()
    const [purchase] = await myPurchases(page)
    expect(purchase).toMatchObject({ total: 7.5, lines: [{ kind: 'tip', amount: 7.5 }] })
  })
})

test.describe('buying albums and tracks (English)', () => {
  test.beforeEach(async ({ page }) => useLanguage(page, 'en'))

  test('a track by prepayment: the checkout, the country select and the purchase page in English', async ({ page }) => {
    await logInAsNewCustomer(page)
    await albumPage(page, 'Zwischen Tag und Traum')
    await page.getByRole('button', { name: 'Buy – €1.29: Morning Dew' }).click()
    await expect(page).toHaveURL(/\/cart$/)
    await page.getByRole('link', { name: 'Go to checkout' }).click()
    const summary = page.getByRole('region', { name: 'Your order' })
    await expect(summary.getByRole('heading', { name: 'Morning Dew' })).toBeVisible()
    await expect(summary.getByText(/^Track to download · Formats: MP3 320 kbit\/s/)).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Country of your billing address' })).toHaveValue('DE')
    await page.getByRole('combobox', { name: 'Country of your billing address' }).selectOption({ label: 'Austria' })
    await page.getByRole('radio', { name: 'Prepayment (bank transfer)' }).check()
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check()
    await page.getByRole('checkbox', { name: /provide the downloads before the withdrawal period ends/ }).check()
    await page.getByRole('button', { name: 'Order with obligation to pay' }).click()

    await expect(page).toHaveURL(/\/account\/purchases\/\d+\?placed=1$/)
    const purchaseId = Number(/purchases\/(\d+)/.exec(page.url())![1])
    await expect(page.getByRole('status').filter({ hasText: 'Your purchase was submitted successfully.' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: `Purchase no. ${purchaseId}` })).toBeVisible()
    await expect(page.getByText('Status: Awaiting payment')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Please transfer the amount' }).getByText('€1.29')).toBeVisible()
    await expectAccessible(page)
  })

  test('a tip by card after a delivered commission, in English', async ({ page }) => {
    await logInAsNewCustomer(page)
    const orderId = await deliveredCommission(page)
    await page.goto(`/account/orders/${orderId}`)
    const tip = page.getByRole('region', { name: 'Add a tip' })
    await tip.getByRole('radio', { name: '€5.00' }).check()
    await tip.getByRole('radio', { name: 'Credit card' }).check()
    await tip.getByRole('checkbox', { name: /terms and conditions/ }).check()
    await tip.getByRole('button', { name: 'Tip with obligation to pay' }).click()
    await expect(page.getByRole('heading', { name: 'Stripe test payment page (loopback stand-in)' })).toBeVisible()
    const [tipPurchase] = await myPurchases(page)
    expect(tipPurchase).toMatchObject({ status: 'pending_payment', total: 5, lines: [{ kind: 'tip', amount: 5 }] })
    await stripeConfirmsPurchase(page, tipPurchase!.id, 500)
    await page.goto(`/account/purchases/${tipPurchase!.id}?paid=1`)
    await expect(page.getByText('Status: Paid and delivered')).toBeVisible()
    await expect(page.getByText('Paid – thank you so much for your tip!')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Download invoice (PDF, opens in a new tab)' })).toBeVisible()
  })
})
