// @run-alone: it puts markup into the about page and the imprint every visitor sees.
import { randomBytes } from 'node:crypto'
import { link, paragraph, richText } from '../../src/rich-text/lexical-json'
import { silentWav } from '../support/audio'
import { BASE_URL, getJson, ownLoopbackAddress } from '../support/http'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, type TestCustomer } from '../support/users'

/**
 * Markup and SQL metacharacters typed by an editor or a visitor are data: stored verbatim and
 * shown as text. The only HTML the storefront inserts is what Payload's escaping Lexical converter
 * makes (news, about and legal pages); everything else is React text. The account page and the
 * admin's order view are checked in a browser (browser-escaping.spec.ts).
 */

const SCRIPT = '<script>alert(1)</script>'
const IMG = '<img src=x onerror=alert(1)>'
const SQL = "'; DROP TABLE users; --"
const ATTRIBUTE = '" onmouseover="x'
const HOSTILE = [SCRIPT, IMG, SQL, ATTRIBUTE]

const pageHtml = async (path: string) => {
  const response = await fetch(BASE_URL + path)
  expect(response.status).toBe(200)
  return response.text()
}

/**
 * The markup never appears raw anywhere in the page (not in the HTML, an attribute, the JSON-LD
 * or Next's inline flight data), and the text itself is shown, escaped.
 */
function expectShownAsText(html: string, text: string) {
  for (const markup of [SCRIPT, IMG, ATTRIBUTE]) expect(html).not.toContain(markup)
  expect(html).toContain(text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'))
}

describe('stored text is data: verbatim in the database, escaped on the page', () => {
  let customer: TestCustomer
  beforeAll(async () => {
    customer = await createCustomer('escape')
  })
  afterAll(closeTestPayload)

  describe('what an editor types (Local API, as the admin panel stores it)', () => {
    it('a news title and rich-text paragraphs stay text on the news pages and in the API', async () => {
      const payload = await testPayload()
      const marker = randomBytes(3).toString('hex')
      const title = `Neu ${marker} ${SCRIPT} ${IMG}`
      const news = await payload.create({
        collection: 'news',
        locale: 'de',
        data: {
          title,
          date: new Date().toISOString(),
          _status: 'published',
          content: richText(paragraph(`Absatz ${SCRIPT}`), paragraph(`Bild ${IMG} ${ATTRIBUTE}`), paragraph(link('javascript:alert(1)', 'Klick'))),
        },
      })
      try {
        const article = await pageHtml(`/news/${news.id}`)
        expectShownAsText(article, title)
        expectShownAsText(article, `Absatz ${SCRIPT}`)
        expectShownAsText(article, `Bild ${IMG}`)
        expect(article).not.toMatch(/href="javascript:/i)
        expectShownAsText(await pageHtml('/news'), title)

        const api = await getJson(`/api/music/news/${news.id}/`)
        expect(api.body.title).toBe(title)
        expect(api.body.html_content).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
        expect(api.body.html_content).not.toContain('<script')
        expect(api.body.html_content).not.toMatch(/<img/i)
      } finally {
        await payload.delete({ collection: 'news', id: news.id })
      }
    })

    it('the about page biography stays text', async () => {
      const payload = await testPayload()
      const before = await payload.findGlobal({ slug: 'about', locale: 'de', depth: 0 })
      await payload.updateGlobal({ slug: 'about', locale: 'de', data: { biography: richText(paragraph(`Über mich ${SCRIPT} ${IMG}`)) } })
      try {
        expectShownAsText(await pageHtml('/about'), `Über mich ${SCRIPT} ${IMG}`)
      } finally {
        await payload.updateGlobal({ slug: 'about', locale: 'de', data: { biography: before.biography } })
      }
    })

    it('a legal text and the trader data from the settings stay text on the legal pages', async () => {
      const payload = await testPayload()
      const settings = await payload.findGlobal({ slug: 'settings', depth: 0 })
      const [imprint] = (await payload.find({ collection: 'legal-pages', where: { page: { equals: 'imprint' } }, locale: 'de', depth: 0 })).docs
      const traderName = `Lina ${SCRIPT} ${ATTRIBUTE}`
      await payload.updateGlobal({ slug: 'settings', data: { trader_name: traderName } })
      await payload.update({
        collection: 'legal-pages',
        id: imprint!.id,
        locale: 'de',
        data: { content: richText(paragraph(`Impressum ${IMG}`), paragraph(link('javascript:alert(1)', 'Klick'))) },
      })
      try {
        const page = await pageHtml('/impressum')
        expectShownAsText(page, `Impressum ${IMG}`)
        expect(page).not.toMatch(/href="javascript:/i)
        // The withdrawal instructions show the trader's name from the settings inside a sentence.
        expectShownAsText(await pageHtml('/widerruf'), `Lina ${SCRIPT}`)
      } finally {
        await payload.updateGlobal({ slug: 'settings', data: { trader_name: settings.trader_name } })
        await payload.update({ collection: 'legal-pages', id: imprint!.id, locale: 'de', data: { content: imprint!.content } })
      }
    })
  })

  describe('what a visitor types (the storefront API)', () => {
    it.each(HOSTILE)('contact name and message %p are stored verbatim', async (hostile) => {
      const marker = randomBytes(4).toString('hex')
      const message = `${hostile} ${marker}`
      const sent = await getJson('/api/contact/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: hostile, email: 'besucher@example.com', message }),
        from: ownLoopbackAddress(),
      })
      expect(sent.status).toBe(201)
      const stored = await (await testPayload()).find({ collection: 'contact-messages', where: { message: { contains: marker } } })
      expect(stored.docs).toHaveLength(1)
      expect(stored.docs[0]).toMatchObject({ name: hostile, message })
    })

    it('an e-mail local part with SQL metacharacters registers and is stored verbatim', async () => {
      const username = `esc-${randomBytes(4).toString('hex')}`
      const email = `${username}'or'1'='1--{drop}@example.com`
      const registered = await getJson('/api/accounts/register/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, email, password: `Pw-${randomBytes(8).toString('hex')}` }),
        from: ownLoopbackAddress(),
      })
      expect(registered.status).toBe(201)
      const stored = await (await testPayload()).find({ collection: 'users', where: { username: { equals: username } } })
      expect(stored.docs[0]?.email).toBe(email)
    })

    it.each(HOSTILE)('order personal_note, custom_theme and recording description %p are stored verbatim', async (hostile) => {
      const placed = await getJson('/api/orders/', {
        method: 'POST',
        headers: { ...bearer(customer), 'Content-Type': 'application/json' },
        body: JSON.stringify({ package: 'vocalbalance', theme: 'custom', custom_theme: hostile, personal_note: `Notiz ${hostile}`, ...CONSENTS }),
      })
      expect(placed.status).toBe(201)
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(silentWav(0.2))], { type: 'audio/wav' }), 'stimme.wav')
      form.append('description', hostile)
      const uploaded = await getJson(`/api/orders/${placed.body.id}/upload-audio/`, { method: 'POST', headers: bearer(customer), body: form })
      expect(uploaded.status).toBe(201)

      const stored = await (await testPayload()).findByID({ collection: 'orders', id: placed.body.id, depth: 0 })
      expect(stored).toMatchObject({ custom_theme: hostile, personal_note: `Notiz ${hostile}` })
      expect(stored.uploads?.[0]?.description).toBe(hostile)
      const listed = (await getJson('/api/orders/my/', { headers: bearer(customer) })).body.find((order: { id: number }) => order.id === placed.body.id)
      expect(listed).toMatchObject({ custom_theme: hostile, personal_note: `Notiz ${hostile}` })
    })
  })
})
