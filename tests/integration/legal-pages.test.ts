// @run-alone: it changes the trader's settings and the legal pages every visitor sees.
import { randomBytes } from 'node:crypto'
import type { Setting } from '../../payload-types'
import { ensureLegalPages } from '../../src/legal/ensure-legal-pages'
import { legalTextFor } from '../../src/legal/legal-text'
import { paragraph, richText } from '../../src/rich-text/lexical-json'
import { LEGAL_ROUTES, type LegalPage } from '../../src/site/routes'
import { BASE_URL, getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller } from '../support/users'

/**
 * The legal pages of spec section 2 against the running shop: full texts in both languages at
 * the spec's routes, the trader's data taken from the settings at read time, edits by the seller
 * shown at once, and legalTextFor() for the order confirmation e-mail.
 */

const marker = randomBytes(3).toString('hex')
const TRADER = {
  trader_name: `Lina Sommer Klangwerkstatt ${marker}`,
  address: `Lindenhofgasse ${marker}\n79098 Freiburg im Breisgau\nDeutschland`,
  email: `recht-${marker}@lina-sommer.example`,
  phone: '+49 761 2968 4710',
  vat_id: 'DE314159265',
  vat_mode: 'standard',
} satisfies Partial<Setting>

const PAGES = Object.keys(LEGAL_ROUTES) as LegalPage[]
const ROUTES = PAGES.flatMap((page) => (['de', 'en'] as const).map((locale) => ({ page, locale, path: LEGAL_ROUTES[page][locale] })))

/** What escape-html (used by Payload's converter) makes of a value. */
const escaped = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

async function pageHtml(path: string, init: RequestInit = {}) {
  const response = await fetch(BASE_URL + path, init)
  expect(response.status).toBe(200)
  return response.text()
}

/** The article of a legal page (the text between its <article> tags), without the layout around it. */
async function legalArticle(path: string, init: RequestInit = {}) {
  const html = await pageHtml(path, init)
  const article = html.match(/<article[^>]*>([\s\S]*?)<\/article>/)?.[1]
  expect(article).toBeDefined()
  return article!
}

/** Every page's own content, one sentence or heading that only a complete text has. */
const CONTENT: Record<LegalPage, { de: string[]; en: string[] }> = {
  terms: {
    de: [
      '§ 1 Geltungsbereich',
      '§ 2 Vertragspartner',
      '§ 3 Vertragsschluss',
      '§ 4 Leistung',
      '§ 5 Preise',
      '§ 6 Eigentumsvorbehalt',
      '§ 7 Widerrufsrecht',
      '§ 8 Gewährleistung',
      '§ 9 Anwendbares Recht',
      '„zahlungspflichtig bestellen“',
      'Kundenkonto',
      'UN-Kaufrechts',
    ],
    en: [
      '§ 1 Scope',
      '§ 2 Contracting party',
      '§ 3 Conclusion',
      '§ 4 Performance',
      '§ 5 Prices',
      '§ 6 Retention of title',
      '§ 7 Right of withdrawal',
      '§ 8 Warranty',
      '§ 9 Applicable law',
      'zahlungspflichtig bestellen',
      'customer account',
      'UN Convention',
    ],
  },
  paymentTerms: {
    de: [
      'PayPal',
      'Kreditkarte',
      'Vorkasse per Banküberweisung',
      'mit Vertragsschluss sofort zur Zahlung fällig',
      'nach Eingang des vollständigen Betrags',
      'gesetzliche Umsatzsteuer',
    ],
    en: [
      'PayPal',
      'Credit card',
      'Prepayment by bank transfer',
      'due for payment immediately upon conclusion',
      'only after the full amount has reached our account',
      'statutory VAT',
    ],
  },
  withdrawal: {
    de: [
      'binnen vierzehn Tagen ohne Angabe von Gründen',
      'ab dem Tag des Vertragsabschlusses',
      '§ 356 Abs. 5 BGB',
      '§ 312g Abs. 2 Nr. 1 BGB',
      'dasselbe Zahlungsmittel',
      'Muster-Widerrufsformular',
      'Hiermit widerrufe(n) ich/wir (*)',
      'Unterschrift des/der Verbraucher(s)',
      'href="/vertrag-widerrufen"',
    ],
    en: [
      'within 14 days without giving any reason',
      'from the day of the conclusion of the contract',
      '§ 356 (5) BGB',
      '§ 312g (2) no. 1 BGB',
      'same means of payment',
      'Model withdrawal form',
      'I/We (*) hereby give notice',
      'Signature of consumer(s)',
      'href="/en/withdraw"',
    ],
  },
  privacy: {
    de: [
      'Verantwortlicher',
      'Sprachaufnahmen',
      'Stripe',
      'Art. 6 Abs. 1 lit. b DSGVO',
      '§ 147',
      '§ 14b Abs. 1 UStG',
      'Aufsichtsbehörde',
      'kein Cookie-Banner',
      'payload-token',
      // Issue 32: following by e-mail, its double opt-in and how long a sign-up is kept.
      'Double-Opt-in-Verfahren',
      'Nicht bestätigte Anmeldungen löschen wir nach 7 Tagen',
      'noch 3 Jahre auf',
    ],
    en: [
      'Controller',
      'Voice recordings',
      'Stripe',
      'Art. 6 (1) (b) GDPR',
      '§ 147',
      '§ 14b (1) UStG',
      'supervisory authority',
      'no cookie banner',
      'payload-token',
      'We use double opt-in',
      'Sign-ups that are not confirmed are deleted after 7 days',
      'for 3 more years',
    ],
  },
  imprint: {
    de: [
      'Angaben gemäß § 5 DDG',
      'Wir sind weder bereit noch verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen',
      '§ 36 VSBG',
      TRADER.vat_id,
    ],
    en: [
      'Information according to § 5 DDG',
      'We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board',
      '§ 36 VSBG',
      TRADER.vat_id,
    ],
  },
}

describe('legal pages', () => {
  let before: Setting
  beforeAll(async () => {
    const payload = await testPayload()
    before = await payload.findGlobal({ slug: 'settings', depth: 0 })
    await payload.updateGlobal({ slug: 'settings', data: TRADER })
  })
  afterAll(async () => {
    const payload = await testPayload()
    const { trader_name, address, email, phone, vat_id, vat_mode } = before
    await payload.updateGlobal({ slug: 'settings', data: { trader_name, address, email, phone, vat_id, vat_mode } })
    await closeTestPayload()
  })

  it.each(ROUTES)('$path shows the full $page text in its language with the trader’s data from the settings', async ({ page, locale, path }) => {
    const article = await legalArticle(path)
    for (const expected of CONTENT[page][locale]) expect(article).toContain(escaped(expected).replace(/&quot;/g, '"'))
    // Terms, withdrawal, privacy and imprint name the trader; the payment terms name the payment providers.
    if (page !== 'paymentTerms') {
      expect(article).toContain(escaped(TRADER.trader_name))
      expect(article).toContain(`Lindenhofgasse ${marker}`)
      expect(article).toContain(TRADER.email)
    }
    if (page === 'imprint' || page === 'withdrawal' || page === 'privacy') expect(article).toContain(TRADER.phone)
    expect(article).not.toMatch(/\{\{|\}\}|Lorem|TODO|\[hier|ec\.europa\.eu\/consumers\/odr/i)
    // Headings below the page's one h1; no editor markup left (blocks are filled in, not dropped).
    expect(article.match(/<h1/g)).toHaveLength(1)
    expect(article).toMatch(/<h2>/)
    expect(article).not.toContain('unknown node')
  })

  it('no page links to the EU online dispute resolution platform (shut down on 20 July 2025)', async () => {
    for (const { path } of ROUTES) expect(await pageHtml(path)).not.toMatch(/ec\.europa\.eu\/consumers\/odr/i)
  })

  it('the German routes stay German for a visitor who chose English, and /en/… stays English', async () => {
    const english = { headers: { Cookie: 'lang=en' } }
    const german = await pageHtml('/agb', english)
    expect(german).toMatch(/<html lang="de"/)
    expect(german).toContain('Allgemeine Geschäftsbedingungen')
    const englishPage = await pageHtml('/en/terms', { headers: { Cookie: 'lang=de' } })
    expect(englishPage).toMatch(/<html lang="en"/)
    expect(englishPage).toContain('General terms and conditions')
  })

  it('follows a change of the settings at once: the imprint’s phone, and the § 19 UStG note instead of VAT', async () => {
    const payload = await testPayload()
    await payload.updateGlobal({ slug: 'settings', data: { phone: '+49 30 5550 1234', vat_mode: 'small_business' } })
    try {
      expect(await legalArticle('/impressum')).toContain('+49 30 5550 1234')
      const payment = await legalArticle('/buying_conditions')
      expect(payment).toContain('§ 19 UStG')
      expect(payment).not.toContain('enthalten die gesetzliche Umsatzsteuer')
      expect(await legalArticle('/en/buying_conditions')).toContain('small business under § 19')
    } finally {
      await payload.updateGlobal({ slug: 'settings', data: { phone: TRADER.phone, vat_mode: TRADER.vat_mode } })
    }
  })

  it('shows the seller’s edit at once (Local API as the seller, and Payload’s REST)', async () => {
    const payload = await testPayload()
    const seller = (await payload.find({ collection: 'users', where: { role: { equals: 'admin' } }, limit: 1 })).docs[0]!
    const [imprint] = (await payload.find({ collection: 'legal-pages', where: { page: { equals: 'imprint' } }, locale: 'de', depth: 0 })).docs
    const original = imprint!.content
    try {
      const localEdit = `Geändert über die Local API ${marker}`
      await payload.update({
        collection: 'legal-pages',
        id: imprint!.id,
        locale: 'de',
        data: { content: richText(paragraph(localEdit)) },
        overrideAccess: false,
        user: seller,
      })
      expect(await legalArticle('/impressum')).toContain(localEdit)

      const restEdit = `Geändert über REST ${marker}`
      const { token } = await loginSeller()
      const saved = await getJson(`/api/cms/legal-pages/${imprint!.id}?locale=de`, {
        method: 'PATCH',
        headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: richText(paragraph(restEdit)) }),
      })
      expect(saved.status).toBe(200)
      const shown = await legalArticle('/impressum')
      expect(shown).toContain(restEdit)
      expect(shown).not.toContain(localEdit)
      // The English text is a language of its own.
      expect(await legalArticle('/en/imprint')).not.toContain(restEdit)
    } finally {
      await payload.update({ collection: 'legal-pages', id: imprint!.id, locale: 'de', data: { content: original } })
    }
  })

  it('only the seller writes legal pages; everyone reads them', async () => {
    const payload = await testPayload()
    const [terms] = (await payload.find({ collection: 'legal-pages', where: { page: { equals: 'terms' } }, depth: 0 })).docs
    const customer = await createCustomer('recht')
    const change = JSON.stringify({ title: 'Gekapert' })
    const headers = { 'Content-Type': 'application/json' }
    expect((await getJson(`/api/cms/legal-pages/${terms!.id}`, { method: 'PATCH', headers: { ...headers, ...bearer(customer) }, body: change })).status).toBe(
      403,
    )
    expect((await getJson(`/api/cms/legal-pages/${terms!.id}`, { method: 'PATCH', headers, body: change })).status).toBe(403)
    expect((await getJson(`/api/cms/legal-pages/${terms!.id}`, { method: 'DELETE', headers: bearer(customer) })).status).toBe(403)
    const { token } = await loginSeller()
    // Pages come from the start's seeding; nobody creates a second one through the API.
    const created = await getJson('/api/cms/legal-pages', {
      method: 'POST',
      headers: { ...headers, Authorization: `JWT ${token}` },
      body: JSON.stringify({ page: 'terms', title: 'Doppelt', content: richText(paragraph('Doppelt')) }),
    })
    expect(created.status).toBe(403)
    const read = await getJson(`/api/cms/legal-pages/${terms!.id}?locale=en`)
    expect(read.status).toBe(200)
    expect(read.body.title).toBe('General terms and conditions')
    expect((await payload.findByID({ collection: 'legal-pages', id: terms!.id, locale: 'de' })).title).toBe('Allgemeine Geschäftsbedingungen')
  })

  it('a deleted page shows its default text and is created again by the next start; edited pages stay as they are', async () => {
    const payload = await testPayload()
    const [privacy] = (await payload.find({ collection: 'legal-pages', where: { page: { equals: 'privacy' } }, depth: 0 })).docs
    const [terms] = (await payload.find({ collection: 'legal-pages', where: { page: { equals: 'terms' } }, locale: 'de', depth: 0 })).docs
    await payload.delete({ collection: 'legal-pages', id: privacy!.id })
    const article = await legalArticle('/disclaimer')
    expect(article).toContain('Art. 77 DSGVO')
    expect(article).toContain(escaped(TRADER.trader_name))

    expect(await ensureLegalPages(payload)).toEqual(['privacy'])
    expect(await ensureLegalPages(payload)).toEqual([])
    const [again] = (await payload.find({ collection: 'legal-pages', where: { page: { equals: 'privacy' } }, locale: 'en', depth: 0 })).docs
    expect(again!.title).toBe('Privacy statement')
    expect((await payload.findByID({ collection: 'legal-pages', id: terms!.id, locale: 'de' })).updatedAt).toBe(terms!.updatedAt)
  })

  it('legalTextFor gives the order e-mail the withdrawal instructions and model form with the trader’s data, as HTML and text', async () => {
    const payload = await testPayload()
    const withdrawal = await legalTextFor(payload, 'withdrawal', 'de')
    expect(withdrawal.title).toBe('Widerrufsbelehrung')
    expect(Date.parse(withdrawal.updatedAt!)).not.toBeNaN()
    for (const text of [withdrawal.text, withdrawal.html]) {
      expect(text).toContain(TRADER.email)
      expect(text).toContain(`Lindenhofgasse ${marker}, 79098 Freiburg im Breisgau, Deutschland`)
      expect(text).toContain('Muster-Widerrufsformular')
    }
    expect(withdrawal.text).toContain(`An ${TRADER.trader_name}, Lindenhofgasse ${marker}`)
    expect(withdrawal.text).toMatch(/^– Hiermit widerrufe\(n\) ich\/wir/m)
    expect(withdrawal.text).not.toMatch(/<[a-z]/i)
    // Links leave the shop in an e-mail: absolute, from PUBLIC_URL.
    expect(withdrawal.html).toMatch(/href="https?:\/\/[^"/]+\/vertrag-widerrufen"/)
    expect(withdrawal.text).toMatch(/Vertrag widerrufen \(https?:\/\/[^)/]+\/vertrag-widerrufen\)/)

    const terms = await legalTextFor(payload, 'terms', 'en')
    expect(terms.title).toBe('General terms and conditions')
    expect(terms.text).toContain(TRADER.trader_name)
    expect(terms.text).toContain('§ 9 Applicable law')
    expect(terms.html).toMatch(/<h2>§ 1 Scope<\/h2>/)
  })
})
