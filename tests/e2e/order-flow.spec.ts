import { randomBytes } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { CONSENT_WORDING_VERSION, consentTexts } from '../../src/orders/consent'
import { expect, expectAccessible, fromTheShop, sellerSetsStatuses, test, useLanguage } from './support'

const newAccount = () => {
  const username = `kundin-${randomBytes(4).toString('hex')}`
  return { username, email: `${username}@example.com`, password: `Sanft-${randomBytes(6).toString('hex')}` }
}

/** Registers and logs in through the API; the page's context keeps the login cookie. */
async function registerAndLogIn(page: Page) {
  const account = newAccount()
  expect((await page.request.post('/api/accounts/register/', { data: account })).status()).toBe(201)
  const login = await page.request.post('/api/auth/', { data: { username: account.username, password: account.password } })
  expect(login.status()).toBe(200)
  return account
}

/** Goes through the wizard for one song (no recording) and stops on the review page. */
async function fillWizard(page: Page, packageSlug: string, useType: string, theme: string) {
  await page.goto(`/custom-songs/${packageSlug}/${useType}`)
  await page.getByRole('radio', { name: theme }).check()
  await page.getByRole('button', { name: 'Weiter zur Übersicht' }).click()
  await expect(page).toHaveURL(new RegExp(`/custom-songs/${packageSlug}/${useType}/review$`))
}

const cartCount = (page: Page) => page.getByRole('link', { name: /^Warenkorb/ })

/** The two checkboxes before the order button, by the words the German checkout shows. */
const termsBox = (scope: Page | Locator) => scope.getByRole('checkbox', { name: /AGB/ })
const earlyStartBox = (scope: Page | Locator) => scope.getByRole('checkbox', { name: /vor Ablauf der Widerrufsfrist/ })

async function agreeToBoth(scope: Page | Locator) {
  await termsBox(scope).check()
  await earlyStartBox(scope).check()
}

test.describe('ordering a custom song', () => {
  test('the whole path: wizard with a recording from the fake microphone, cart, register at checkout, order, account, confirm', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'VocalBalance wählen' }).first().click()
    await expect(page).toHaveURL(/\/custom-songs\/vocalbalance$/)
    await page.getByRole('link', { name: 'Meditation' }).click()
    await expect(page).toHaveURL(/\/custom-songs\/vocalbalance\/meditation$/)

    await page.getByRole('radio', { name: 'Innere Ruhe' }).check()
    await page.getByLabel('Persönliche Nachricht (optional)').fill('Für die ruhigen Abende am See.')
    await page.getByRole('checkbox', { name: /Streaming-Plattformen/ }).check()
    await page.getByRole('button', { name: 'Aufnahme starten' }).click()
    await expect(page.getByRole('button', { name: 'Aufnahme beenden' })).toBeVisible()
    await page.waitForTimeout(1500)
    await page.getByRole('button', { name: 'Aufnahme beenden' }).click()
    await expect(page.getByRole('button', { name: 'Neu aufnehmen' })).toBeVisible()
    await page.getByRole('button', { name: 'Weiter zur Übersicht' }).click()

    await expect(page).toHaveURL(/\/review$/)
    await expect(page.getByText('93,95 €').first()).toBeVisible()
    await page.getByRole('button', { name: 'In den Warenkorb' }).click()
    await expect(page).toHaveURL(/\/cart$/)
    await expect(cartCount(page)).toHaveAccessibleName('Warenkorb, 1 Artikel')

    await page.getByRole('link', { name: 'Zur Kasse' }).click()
    await expect(page).toHaveURL(/\/checkout$/)
    // Not logged in: register right here, then the checkout continues with the cart intact.
    await page.getByRole('button', { name: 'Noch kein Konto? Jetzt registrieren' }).click()
    const account = newAccount()
    await page.getByLabel('Benutzername').fill(account.username)
    await page.getByLabel('E-Mail').fill(account.email)
    await page.getByLabel('Passwort').fill(account.password)
    await page.getByRole('button', { name: 'Registrieren' }).click()

    await expect(page.getByRole('heading', { name: 'Deine Bestellung' })).toBeVisible()
    await expect(page).toHaveURL(/\/checkout$/)
    const summary = page.getByRole('region', { name: 'Deine Bestellung' })
    await expect(summary.getByRole('heading', { name: 'VocalBalance' })).toBeVisible()
    await expect(summary.getByText('mit Sprachaufnahme')).toBeVisible()
    await expect(summary.getByText('93,95 €').first()).toBeVisible()
    await expect(summary.getByText('inkl. 19 % MwSt. (15,00 €)')).toBeVisible()
    await expectAccessible(page)

    const orderButton = page.getByRole('button', { name: 'zahlungspflichtig bestellen' })
    await orderButton.click()
    await expect(page.getByText('Bitte akzeptiere die AGB, um zu bestellen.').first()).toBeVisible()
    await expect(page.getByText('Bitte stimme dem Beginn der Ausführung vor Ablauf der Widerrufsfrist zu, um zu bestellen.').first()).toBeVisible()
    await expect(page.getByText('Bitte wähle eine Zahlungsart.').first()).toBeVisible()

    await page.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).check()
    await agreeToBoth(page)
    await orderButton.click()

    // The order's own page confirms it and says how to pay; the account lists it too.
    await expect(page).toHaveURL(/\/account\/orders\/\d+\?placed=1$/)
    await expect(page.getByRole('status').filter({ hasText: 'Deine Bestellung wurde erfolgreich übermittelt.' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Bitte überweise den Betrag' }).getByText('93,95 €')).toBeVisible()
    await page.getByRole('link', { name: 'Alle meine Bestellungen' }).click()
    await expect(page).toHaveURL(/\/account$/)
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'VocalBalance' }) })
    await expect(card).toBeVisible()
    await expect(card.getByText('Meditation')).toBeVisible()
    await expect(card.getByText('Innere Ruhe')).toBeVisible()
    await expect(card.getByText('Zahlung ausstehend').first()).toBeVisible()
    await expect(card.getByText('93,95 €').first()).toBeVisible()
    const recording = card.locator('audio').first()
    await expect(recording).toHaveAttribute('src', /\/media\/audio\//)
    // The recorder writes the length into the WebM, so the stored file plays with a known duration.
    await expect.poll(() => recording.evaluate((audio: HTMLAudioElement) => (Number.isFinite(audio.duration) ? audio.duration : -1))).toBeGreaterThan(0.5)
    await expect(cartCount(page)).toHaveAccessibleName('Warenkorb')
    await expectAccessible(page)

    // Nothing to confirm before the song is delivered; once it is, the happy button completes the order.
    await expect(card.getByRole('button', { name: 'Ich bin glücklich mit meinem Song' })).toHaveCount(0)
    const orderId = Number(/Bestellung Nr\. (\d+)/.exec((await card.textContent()) ?? '')?.[1])
    await sellerSetsStatuses(orderId, ['paid', 'delivered'])
    await page.reload()
    await card.getByRole('button', { name: 'Ich bin glücklich mit meinem Song' }).click()
    await expect(card.getByText('Abgeschlossen – danke für deine Bestätigung!')).toBeVisible()
    await page.reload()
    await expect(page.getByText('Abgeschlossen – danke für deine Bestätigung!')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Ich bin glücklich mit meinem Song' })).toHaveCount(0)
  })

  test('a refused order shows "Senden fehlgeschlagen." and keeps the cart', async ({ page }) => {
    await registerAndLogIn(page)
    await fillWizard(page, 'soundtouch', 'sleep', 'Tiefer Schlaf')
    await page.getByRole('button', { name: 'In den Warenkorb' }).click()
    await page.route('**/api/orders/', (route) => route.fulfill({ status: 400, json: { detail: 'Refused for the test.' } }))
    await page.goto('/checkout')
    await page.getByRole('radio', { name: 'PayPal' }).check()
    await agreeToBoth(page)
    await page.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Senden fehlgeschlagen.' })).toBeVisible()
    await expect(page).toHaveURL(/\/checkout$/)
    await expect(cartCount(page)).toHaveAccessibleName('Warenkorb, 1 Artikel')
  })

  test('the cart and the checkout show the server’s prices, not a price tampered with in the browser, and the order is priced by the server', async ({
    page,
  }) => {
    await registerAndLogIn(page)
    await fillWizard(page, 'deepflow', 'yoga', 'Dankbarkeit')
    await page.getByRole('button', { name: 'In den Warenkorb' }).click()
    await expect(page).toHaveURL(/\/cart$/)
    await page.evaluate(() => {
      const items = JSON.parse(localStorage.getItem('cart') ?? '[]')
      localStorage.setItem('cart', JSON.stringify(items.map((item: object) => ({ ...item, price: 1 }))))
    })
    await page.reload()
    await expect(page.getByRole('row', { name: /Gesamtsumme/ })).toContainText(/129,00\s€/)
    await page.goto('/checkout')
    await expect(page.getByRole('region', { name: 'Deine Bestellung' }).getByText('129,00 €').first()).toBeVisible()
    await page.getByRole('radio', { name: 'Kreditkarte' }).check()
    await agreeToBoth(page)
    await page.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click()
    // Card payments continue on Stripe's page (here the loopback stand-in that scripts/test.ts runs).
    await expect(page.getByRole('heading', { name: 'Stripe test payment page (loopback stand-in)' })).toBeVisible()
    expect(page.url()).toMatch(/\/pay\/cs_test_standin_\d+$/)
    const orders = await (await page.request.get('/api/orders/my/', { headers: fromTheShop })).json()
    expect(orders[0]).toMatchObject({ package: 'deepflow', use_type: 'yoga', theme: 'gratitude', total: 129, payment_method: 'credit_card' })
  })

  test('a logged-in customer orders straight from the review page with the direct order form', async ({ page }) => {
    await registerAndLogIn(page)
    await fillWizard(page, 'soundtouch', 'focus', 'Zuversicht')
    const direct = page.getByRole('region', { name: 'Direkt bestellen' })
    await direct.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).check()
    await agreeToBoth(direct)
    await direct.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click()
    await expect(page).toHaveURL(/\/account\/orders\/\d+\?placed=1$/)
    await expect(page.getByRole('status').filter({ hasText: 'Deine Bestellung wurde erfolgreich übermittelt.' })).toBeVisible()
    const orders = await page.evaluate(() => fetch('/api/orders/my/').then((response) => response.json()))
    expect(orders[0]).toMatchObject({ package: 'soundtouch', theme: 'confidence', total: 39 })
  })

  test('the direct order form says "Es gab ein Problem beim Absenden." when the server refuses', async ({ page }) => {
    await registerAndLogIn(page)
    await fillWizard(page, 'soundtouch', 'focus', 'Zuversicht')
    await page.route('**/api/orders/', (route) => route.fulfill({ status: 500, json: { detail: 'Broken for the test.' } }))
    const direct = page.getByRole('region', { name: 'Direkt bestellen' })
    await direct.getByRole('radio', { name: 'PayPal' }).check()
    await agreeToBoth(direct)
    await direct.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Es gab ein Problem beim Absenden.' })).toBeVisible()
  })

  /**
   * Lets the first POST /api/orders/ reach the server (the order is placed) and then cuts the
   * connection, as a dropped mobile connection would: the browser never sees the answer.
   */
  async function loseFirstOrderAnswer(page: Page): Promise<string[]> {
    const keys: string[] = []
    await page.route('**/api/orders/', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      if (keys.length > 1) return route.continue()
      await route.fetch()
      await route.abort('connectionreset')
    })
    return keys
  }

  test('the checkout’s answer is lost after the order was placed: the storefront sends it again (same Idempotency-Key) and gets that order, not a second one', async ({
    page,
  }) => {
    await registerAndLogIn(page)
    await fillWizard(page, 'soundtouch', 'sleep', 'Tiefer Schlaf')
    await page.getByRole('button', { name: 'In den Warenkorb' }).click()
    await page.goto('/checkout')
    const keys = await loseFirstOrderAnswer(page)
    await page.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).check()
    await agreeToBoth(page)
    // One press: the lost answer is not shown to the customer, the order is sent again at once (apiFetch).
    await page.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click()
    await expect(page).toHaveURL(/\/account\/orders\/\d+\?placed=1$/)
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^song-.+\.[0-9a-f]{8}$/)
    expect(keys[1]).toBe(keys[0])
    const orders = await (await page.request.get('/api/orders/my/', { headers: fromTheShop })).json()
    expect(orders).toHaveLength(1)
    expect(page.url()).toContain(`/account/orders/${orders[0].id}?`)
  })

  test('the direct order form’s answer is lost after the order was placed: the storefront sends it again and gets that order, not a second one', async ({
    page,
  }) => {
    await registerAndLogIn(page)
    await fillWizard(page, 'soundtouch', 'focus', 'Zuversicht')
    const keys = await loseFirstOrderAnswer(page)
    const direct = page.getByRole('region', { name: 'Direkt bestellen' })
    await direct.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).check()
    await agreeToBoth(direct)
    await direct.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click()
    await expect(page).toHaveURL(/\/account\/orders\/\d+\?placed=1$/)
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    const orders = await (await page.request.get('/api/orders/my/', { headers: fromTheShop })).json()
    expect(orders).toHaveLength(1)
  })

  test('the checkout takes an optional name and address for the invoice and offers them again next time', async ({ page }) => {
    await registerAndLogIn(page)
    await fillWizard(page, 'soundtouch', 'sleep', 'Tiefer Schlaf')
    await page.getByRole('button', { name: 'In den Warenkorb' }).click()
    await page.goto('/checkout')
    await page.getByText('Name und Anschrift auf der Rechnung (freiwillig)').click()
    await page.getByLabel('Name auf der Rechnung').fill('Erika Musterfrau')
    await page.getByLabel('Anschrift').fill('Hauptstraße 1\n10115 Berlin')
    await page.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).check()
    await agreeToBoth(page)
    await page.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click()
    await expect(page).toHaveURL(/\/account\/orders\/\d+\?placed=1$/)
    const [placed] = await (await page.request.get('/api/orders/my/', { headers: fromTheShop })).json()
    expect(placed).toMatchObject({ billing_name: 'Erika Musterfrau', billing_address: 'Hauptstraße 1\n10115 Berlin' })

    await fillWizard(page, 'soundtouch', 'sleep', 'Tiefer Schlaf')
    await page.getByRole('button', { name: 'In den Warenkorb' }).click()
    await page.goto('/checkout')
    await expect(page.getByLabel('Name auf der Rechnung')).toHaveValue('Erika Musterfrau')
    await expect(page.getByLabel('Anschrift')).toHaveValue('Hauptstraße 1\n10115 Berlin')
  })

  test('the English checkout labels its button "Order with obligation to pay"', async ({ page }) => {
    await useLanguage(page, 'en')
    await registerAndLogIn(page)
    await page.goto('/custom-songs/soundtouch/sleep')
    await page.getByRole('radio', { name: 'Deep sleep' }).check()
    await page.getByRole('button', { name: /review/i }).click()
    await page.getByRole('button', { name: /add to cart/i }).click()
    await page.goto('/checkout')
    await expect(page.getByRole('button', { name: 'Order with obligation to pay' })).toBeVisible()
    await expect(page.getByText(/incl\. 19 % VAT \(€6\.23\)/)).toBeVisible()
  })

  test('the direct order form takes no order without both checkboxes: each one says why it is needed, nothing is sent', async ({ page }) => {
    await registerAndLogIn(page)
    await fillWizard(page, 'soundtouch', 'focus', 'Zuversicht')
    const orderCalls: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders/') orderCalls.push(request.url())
    })
    const direct = page.getByRole('region', { name: 'Direkt bestellen' })
    const orderButton = direct.getByRole('button', { name: 'zahlungspflichtig bestellen' })
    const termsMessage = direct.getByRole('alert').filter({ hasText: 'Bitte akzeptiere die AGB, um zu bestellen.' })
    const earlyStartMessage = direct.getByRole('alert').filter({
      hasText: 'Bitte stimme dem Beginn der Ausführung vor Ablauf der Widerrufsfrist zu, um zu bestellen.',
    })
    await direct.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).check()
    await expect(termsBox(direct)).not.toBeChecked()
    await expect(earlyStartBox(direct)).not.toBeChecked()

    await termsBox(direct).check()
    await orderButton.click()
    await expect(earlyStartMessage).toBeVisible()
    await expect(earlyStartBox(direct)).toHaveAttribute('aria-invalid', 'true')
    await expect(earlyStartBox(direct)).toHaveAccessibleDescription(/Bitte stimme dem Beginn der Ausführung/)
    await expect(termsMessage).toHaveCount(0)

    await termsBox(direct).uncheck()
    await earlyStartBox(direct).check()
    await orderButton.click()
    await expect(termsMessage).toBeVisible()
    await expect(earlyStartMessage).toHaveCount(0)

    expect(orderCalls).toEqual([])
    expect(await (await page.request.get('/api/orders/my/', { headers: fromTheShop })).json()).toEqual([])
    await expect(page).toHaveURL(/\/review$/)
  })

  for (const locale of ['de', 'en'] as const) {
    test(`the checkbox texts shown (${locale}) are the wording the order records, with the language it was placed in`, async ({ page }) => {
      const texts = consentTexts(CONSENT_WORDING_VERSION, locale)
      const shown = {
        de: {
          theme: 'Zuversicht',
          review: 'Weiter zur Übersicht',
          form: 'Direkt bestellen',
          prepayment: 'Vorkasse (Überweisung)',
          button: 'zahlungspflichtig bestellen',
        },
        en: {
          theme: 'Confidence',
          review: /review/i,
          form: 'Order directly',
          prepayment: 'Prepayment (bank transfer)',
          button: 'Order with obligation to pay',
        },
      }[locale]
      await useLanguage(page, locale)
      await registerAndLogIn(page)
      await page.goto('/custom-songs/soundtouch/focus')
      await page.getByRole('radio', { name: shown.theme }).check()
      await page.getByRole('button', { name: shown.review }).click()
      const direct = page.getByRole('region', { name: shown.form })
      // Exact accessible names: the words on screen, links included, are the recorded wording.
      const terms = direct.getByRole('checkbox', { name: texts.terms, exact: true })
      const earlyStart = direct.getByRole('checkbox', { name: texts.earlyStart, exact: true })
      await expect(terms).toBeVisible()
      await expect(earlyStart).toBeVisible()
      await direct.getByRole('radio', { name: shown.prepayment }).check()
      await terms.check()
      await earlyStart.check()
      await direct.getByRole('button', { name: shown.button }).click()
      await expect(page).toHaveURL(/\/account\/orders\/\d+\?placed=1$/)

      const orderId = /\/account\/orders\/(\d+)/.exec(page.url())![1]
      const recorded = await (await page.request.get(`/api/cms/orders/${orderId}`, { headers: fromTheShop })).json()
      expect(recorded).toMatchObject({ consent_wording_version: CONSENT_WORDING_VERSION, locale })
      expect(Date.parse(recorded.terms_accepted_at)).toBeGreaterThan(Date.now() - 120_000)
      expect(Date.parse(recorded.early_start_consent_at)).toBeGreaterThan(Date.now() - 120_000)
      expect(consentTexts(recorded.consent_wording_version, recorded.locale)).toEqual(texts)

      // The order's page repeats what the customer agreed to.
      const consents = page.getByRole('region', { name: locale === 'de' ? 'Deine Zustimmungen' : 'Your consents' })
      await expect(consents).toContainText(texts.earlyStart)
      await expect(consents).toContainText(locale === 'de' ? 'Zugestimmt am' : 'Agreed on')
    })
  }
})
