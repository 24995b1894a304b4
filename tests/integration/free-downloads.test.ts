import { randomBytes } from 'node:crypto'
import type { CollectionSlug, Where } from 'payload'
import { FREE_DOWNLOAD_RATE } from '../../src/rules/limits'
import { silentWav } from '../support/audio'
import { BASE_URL, getJson, ownLoopbackAddress } from '../support/http'
import { mailsMatching, sentMailRecord, waitForMail, waitOutTheMailQueue } from '../support/mail'
import { closeTestPayload, testPayload } from '../support/payload'
import { forgetOwnRateLimitHits, forgetRateLimitHits } from '../support/rate-limits'
import { bearer, createCustomer, type TestCustomer } from '../support/users'

/*
 * Issue 33, free downloads: an album or track whose name-your-price minimum is 0. A logged-in
 * customer takes it into "My music" at once; a visitor gets a mail (the real SMTP catcher) whose
 * link opens the page with one download button per format. Against the running shop.
 */

const suffix = randomBytes(4).toString('hex')
const SHOP = new URL(BASE_URL).origin
const JSON_TYPE = { 'Content-Type': 'application/json', Origin: SHOP }
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SHOP }

const created: { collection: CollectionSlug; id: number }[] = []
const ids = {} as { track: number; free: number; paid: number }
const emails: string[] = []
let customer: TestCustomer

const newEmail = (what: string) => {
  const email = `frei-${what}-${suffix}@example.com`
  emails.push(email)
  return email
}

beforeAll(async () => {
  const payload = await testPayload()
  const wav = silentWav()
  const audio = await payload.create({
    collection: 'audio',
    data: { title: `Frei ${suffix}`, purpose: 'track' },
    file: { data: wav, mimetype: 'audio/wav', name: `free-${suffix}.wav`, size: wav.length },
  })
  created.push({ collection: 'audio', id: audio.id })
  const track = await payload.create({
    collection: 'tracks',
    locale: 'de',
    data: { title: `Freititel ${suffix}`, audio: audio.id, sale: { mode: 'not_for_sale' }, _status: 'published' },
  })
  created.push({ collection: 'tracks', id: track.id })
  ids.track = track.id
  const group = async (title: string, sale: Record<string, unknown>) => {
    const made = await payload.create({
      collection: 'music-groups',
      locale: 'de',
      data: { title: `${title} ${suffix}`, form: 'album', tracks: [track.id], sale, _status: 'published' } as never,
    })
    created.push({ collection: 'music-groups', id: made.id })
    return made.id
  }
  ids.free = await group('Geschenkalbum', { mode: 'name_your_price', minimum: 0, suggested: 5, offer_flac: true })
  ids.paid = await group('Bezahlalbum', { mode: 'fixed_price', price: 9.99 })
  customer = await createCustomer('frei')
})

afterAll(async () => {
  const payload = await testPayload()
  const mine: Where = { music_group: { in: [ids.free, ids.paid] } }
  await payload.delete({ collection: 'library-items', where: mine })
  await payload.delete({ collection: 'followers', where: { email: { in: emails } } })
  for (const { collection, id } of created.reverse()) await payload.delete({ collection, id })
  await forgetOwnRateLimitHits()
  await forgetRateLimitHits({ emails })
  await closeTestPayload()
})

const ask = (body: Record<string, unknown>, init: { caller?: TestCustomer; from?: string } = {}) =>
  getJson('/api/free-downloads/', {
    method: 'POST',
    headers: { ...JSON_TYPE, ...(init.caller ? bearer(init.caller) : {}) },
    body: JSON.stringify(body),
    from: init.from ?? ownLoopbackAddress(),
  })

const linkOf = (text: string): string => {
  const link = text.match(/https?:\/\/\S+\/(?:kostenlos|en\/free-download)\?token=[A-Za-z0-9._-]+/)?.[0]
  if (!link) throw new Error(`no download link in: ${text}`)
  return link
}

describe('a free download by e-mail', () => {
  it('sends a mail whose link opens the page with one download button per format and the hint to an account; the link is not kept in the mail’s record', async () => {
    const email = newEmail('mail')
    const asked = await ask({ kind: 'music-group', id: ids.free, email: email.toUpperCase(), locale: 'de' })
    expect(asked.status).toBe(202)
    expect(asked.body.detail).toMatch(/mail with the download link/)
    const mail = await waitForMail({ to: email, subject: /Dein kostenloser Download: Geschenkalbum/ })
    const link = linkOf(mail.text)
    expect(new URL(link).pathname).toBe('/kostenlos')
    const page = await fetch(`${BASE_URL}${new URL(link).pathname}${new URL(link).search}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Deine kostenlosen Downloads')
    // The silent WAV master is lossless: MP3 and FLAC offered.
    const list = html.slice(html.indexOf('<ul class="free-downloads"'), html.indexOf('</ul>', html.indexOf('<ul class="free-downloads"')) + 5)
    const buttons = list.match(/<a\b[^>]*>/g) ?? []
    expect(buttons.map((tag) => /data-free-download-format="([a-z0-9]+)"/.exec(tag)?.[1]).sort()).toEqual(['flac', 'mp3'])
    for (const tag of buttons) expect(tag).toMatch(/href="\/api\/library\/download\/music-group\/\d+\/(mp3|flac)\/\?r=free&amp;e=\d+&amp;s=[\w-]+"/)
    expect(html).toContain('Mit einem Kundenkonto bleibt die Musik dauerhaft in „Meine Musik“.')
    const record = await sentMailRecord(await testPayload(), email, 'free-download')
    expect(record?.text ?? '').not.toContain('token=')
  })

  it('refuses an album that is not free (404, no mail), a bad address (400), a changed or made-up link', async () => {
    const email = newEmail('paid')
    const paid = await ask({ kind: 'music-group', id: ids.paid, email })
    expect(paid.status).toBe(404)
    expect(paid.body).toMatchObject({ code: 'not_free', detail: expect.any(String) })
    const notForSale = await ask({ kind: 'track', id: ids.track, email })
    expect(notForSale.status).toBe(404)
    expect((await ask({ kind: 'music-group', id: ids.free, email: 'no-address' })).status).toBe(400)
    expect((await ask({ kind: 'record', id: ids.free, email })).status).toBe(400)
    const forged = await (await fetch(`${BASE_URL}/kostenlos?token=music-group.${ids.paid}.9999999999.${'A'.repeat(43)}`)).text()
    expect(forged).toContain('Dieser Link ist ungültig oder abgelaufen.')
    expect(forged).not.toContain('data-free-download-format')
    await waitOutTheMailQueue()
    expect(mailsMatching({ to: email })).toHaveLength(0)
  })

  it('the follow box signs the address up only through the followers’ own confirmation', async () => {
    const email = newEmail('follow')
    expect((await ask({ kind: 'music-group', id: ids.free, email, follow: 'on', locale: 'en' })).status).toBe(202)
    await waitForMail({ to: email, subject: /Your free download/ })
    await waitForMail({ to: email, subject: /Please confirm: news from Lina Sommer/ })
    const payload = await testPayload()
    const followers = await payload.find({ collection: 'followers', where: { email: { equals: email } }, depth: 0 })
    expect(followers.docs.map((follower) => follower.status)).toEqual(['pending'])
  })

  it('limits the mails per e-mail address: past the limit 429 with detail', async () => {
    const email = newEmail('limit')
    for (let index = 0; index < FREE_DOWNLOAD_RATE.perTargetAddress; index++) expect((await ask({ kind: 'music-group', id: ids.free, email })).status).toBe(202)
    const limited = await ask({ kind: 'music-group', id: ids.free, email })
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ code: 'too_many_requests', detail: expect.stringMatching(/Too many/) })
  })

  it('the plain form: a redirect to the page that says the mail is on its way', async () => {
    const response = await fetch(`${BASE_URL}/api/free-downloads/`, {
      method: 'POST',
      redirect: 'manual',
      headers: FORM,
      body: new URLSearchParams({ kind: 'music-group', id: String(ids.free), email: newEmail('form'), locale: 'en' }).toString(),
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/en/free-download?status=requested')
    expect(await (await fetch(`${BASE_URL}/en/free-download?status=requested`)).text()).toContain('We have sent you an e-mail with the download link.')
  })
})

describe('a free download by a logged-in customer', () => {
  it('goes into My music at once (source "free"), once however often taken', async () => {
    const first = await ask({ kind: 'music-group', id: ids.free }, { caller: customer })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ kind: 'music-group', id: ids.free, formats: ['mp3', 'flac'], libraryItem: expect.any(Number) })
    const again = await ask({ kind: 'music-group', id: ids.free }, { caller: customer })
    expect(again.body.libraryItem).toBe(first.body.libraryItem)
    const payload = await testPayload()
    const item = await payload.findByID({ collection: 'library-items', id: first.body.libraryItem, depth: 0 })
    expect(item).toMatchObject({ customer: customer.id, source: 'free', grant_key: `free:${customer.id}:music-group:${ids.free}`, formats: ['mp3', 'flac'] })
    const paid = await ask({ kind: 'music-group', id: ids.paid }, { caller: customer })
    expect(paid.status).toBe(404)
    const form = await fetch(`${BASE_URL}/api/free-downloads/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...FORM, ...bearer(customer) },
      body: new URLSearchParams({ kind: 'music-group', id: String(ids.free), locale: 'de' }).toString(),
    })
    expect(form.headers.get('location')).toBe('/account/music')
  })

  it('the album page offers "Kostenlos herunterladen" for the free album only', async () => {
    const page = async (id: number) => (await fetch(`${BASE_URL}/music-group/${id}`, { headers: { 'Accept-Language': 'de' } })).text()
    expect(await page(ids.free)).toMatch(new RegExp(`href="/kostenlos\\?kind=music-group&amp;id=${ids.free}"`))
    expect(await page(ids.paid)).not.toContain('/kostenlos?')
  })
})
