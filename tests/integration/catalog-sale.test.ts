import { randomBytes } from 'node:crypto'
import type { CollectionSlug } from 'payload'
import type { MusicGroup } from '../../payload-types'
import { silentWav } from '../support/audio'
import { BASE_URL, getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'

/*
 * Issue 33, selling the catalog: an album's and a track's sale settings, what the album page and
 * the catalog API show before buying, and the cart's server check of the amount (POST
 * /api/cart/items/). Against the running shop and its database; the albums and the track are made
 * here and removed afterwards.
 */

const suffix = randomBytes(4).toString('hex')
const SHOP = new URL(BASE_URL).origin
const JSON_TYPE = { 'Content-Type': 'application/json', Origin: SHOP }
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SHOP }
const GERMAN = { 'Accept-Language': 'de' }

const created: { collection: CollectionSlug; id: number }[] = []
const ids = {} as { track: number; fixed: number; nameYourPrice: number; free: number; notForSale: number; draft: number }

beforeAll(async () => {
  const payload = await testPayload()
  const wav = silentWav()
  const audio = await payload.create({
    collection: 'audio',
    data: { title: `Verkauf ${suffix}`, purpose: 'track' },
    file: { data: wav, mimetype: 'audio/wav', name: `sale-${suffix}.wav`, size: wav.length },
  })
  created.push({ collection: 'audio', id: audio.id })
  const track = await payload.create({
    collection: 'tracks',
    locale: 'de',
    data: { title: `Titel ${suffix}`, audio: audio.id, sale: { mode: 'fixed_price', price: 1.29, offer_flac: true }, _status: 'published' },
  })
  created.push({ collection: 'tracks', id: track.id })
  ids.track = track.id
  const group = async (title: string, sale: MusicGroup['sale'], status: 'published' | 'draft' = 'published') => {
    const made = await payload.create({
      collection: 'music-groups',
      locale: 'de',
      data: { title: `${title} ${suffix}`, form: 'album', tracks: [track.id], sale, _status: status },
      draft: status === 'draft',
    })
    created.push({ collection: 'music-groups', id: made.id })
    return made.id
  }
  ids.fixed = await group('Fest', { mode: 'fixed_price', price: 9.99, offer_flac: true, offer_original: true })
  ids.nameYourPrice = await group('Wunschpreis', { mode: 'name_your_price', minimum: 5, suggested: 8, offer_flac: false })
  ids.free = await group('Geschenkt', { mode: 'name_your_price', minimum: 0 })
  ids.notForSale = await group('Unverkäuflich', { mode: 'not_for_sale' })
  ids.draft = await group('Entwurf', { mode: 'fixed_price', price: 5 }, 'draft')
})

afterAll(async () => {
  const payload = await testPayload()
  for (const { collection, id } of created.reverse()) await payload.delete({ collection, id })
  await closeTestPayload()
})

const addToCart = (body: Record<string, unknown>) => getJson('/api/cart/items/', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) })

describe('sale settings', () => {
  it('the seller cannot save an unsound price: a fixed price of 0, a minimum of 0.20 €, a suggestion below the minimum, more than 500 €', async () => {
    const payload = await testPayload()
    for (const [sale, path, message] of [
      [{ mode: 'fixed_price' as const, price: 0 }, 'sale.price', /Mindestens 0,50 €/],
      [{ mode: 'fixed_price' as const, price: 500.01 }, 'sale.price', /Höchstens 500 €/],
      [{ mode: 'name_your_price' as const, minimum: 0.2 }, 'sale.minimum', /Mindestens 0,50 €/],
      [{ mode: 'name_your_price' as const, minimum: 5, suggested: 4 }, 'sale.suggested', /nicht unter dem Mindestpreis/],
    ] as const) {
      const refused = await payload
        .update({ collection: 'music-groups', id: ids.notForSale, data: { sale } })
        .catch((error: { data?: { errors?: unknown[] } }) => error)
      expect('data' in refused && refused.data?.errors).toEqual([expect.objectContaining({ path, message: expect.stringMatching(message) })])
    }
    const stored = await payload.findByID({ collection: 'music-groups', id: ids.notForSale, depth: 0 })
    expect(stored.sale?.mode).toBe('not_for_sale')
  })
})

describe('before buying', () => {
  it('the catalog API names each offer: price or minimum and suggestion, in euros, and the formats (FLAC for a lossless master)', async () => {
    const fixed = await getJson(`/api/music/music-groups/${ids.fixed}/`)
    expect(fixed.body.sale).toEqual({ mode: 'fixed_price', price: 9.99, formats: ['mp3', 'flac', 'original'] })
    expect(fixed.body.tracks[0].sale).toEqual({ mode: 'fixed_price', price: 1.29, formats: ['mp3', 'flac'] })
    const chosen = await getJson(`/api/music/music-groups/${ids.nameYourPrice}/`)
    expect(chosen.body.sale).toEqual({ mode: 'name_your_price', minimum: 5, suggested: 8, maximum: 500, formats: ['mp3'] })
    const free = await getJson(`/api/music/music-groups/${ids.free}/`)
    expect(free.body.sale).toMatchObject({ mode: 'name_your_price', minimum: 0, suggested: 0 })
    expect((await getJson(`/api/music/music-groups/${ids.notForSale}/`)).body.sale).toBeNull()
  })

  it('the album page shows "Kaufen" with the price, the VAT note and the formats, and an amount field that refuses less than the minimum, in plain HTML forms', async () => {
    // Prices are written with a no-break space before the euro sign ("9,99 €"); read as a plain space here.
    const page = async (id: number) => (await (await fetch(`${BASE_URL}/music-group/${id}`, { headers: GERMAN })).text()).replace(/\u00a0/g, ' ')
    const fixed = await page(ids.fixed)
    expect(fixed).toContain('Kaufen – 9,99 €')
    expect(fixed).toMatch(/inkl\. MwSt\.|§ 19 UStG/)
    expect(fixed).toContain('Formate: MP3 (320 kbit/s), FLAC, Master wie aufgenommen')
    // The track row's own button, with its own price.
    expect(fixed).toContain('Kaufen – 1,29 €')
    expect(fixed).toMatch(/<form(?=[^>]*\smethod="post")[^>]*\saction="\/api\/cart\/items\/"/)

    const chosen = await page(ids.nameYourPrice)
    const field = chosen.match(/<input[^>]*\sname="amount"[^>]*>/)?.[0] ?? ''
    expect(field).toContain('type="number"')
    expect(field).toContain('min="5.00"')
    expect(field).toContain('max="500.00"')
    expect(field).toContain('value="8.00"')
    expect(field).toContain('required')
    expect(chosen).toContain('Dein Betrag (mindestens 5,00 €)')

    expect(await page(ids.free)).toContain('Kostenlos nach Bestätigung deiner E-Mail-Adresse')
    // Not for sale as an album: no album form; its track, sold on its own, keeps its row's.
    const notForSale = await page(ids.notForSale)
    expect(notForSale).not.toContain(`data-buy="music-group-${ids.notForSale}"`)
    expect(notForSale).toContain(`data-buy="track-${ids.track}"`)
  })
})

describe('POST /api/cart/items/: the amount checked on the server', () => {
  it('takes an amount of at least the minimum, at most the maximum, and answers the item for the cart', async () => {
    const added = await addToCart({ kind: 'music-group', id: ids.nameYourPrice, amount: '12,50' })
    expect(added.status).toBe(200)
    expect(added.body).toEqual({ item: { kind: 'music-group', id: ids.nameYourPrice, title: `Wunschpreis ${suffix}`, amount: 12.5, formats: ['mp3'] } })
    expect((await addToCart({ kind: 'music-group', id: ids.nameYourPrice, amount: 5 })).body.item.amount).toBe(5)
    expect((await addToCart({ kind: 'music-group', id: ids.free, amount: '0' })).body.item.amount).toBe(0)
  })

  it('charges a fixed price whatever the client sent', async () => {
    expect((await addToCart({ kind: 'music-group', id: ids.fixed, amount: '0.01' })).body.item.amount).toBe(9.99)
    expect((await addToCart({ kind: 'track', id: ids.track })).body.item).toMatchObject({ kind: 'track', amount: 1.29, formats: ['mp3', 'flac'] })
  })

  it.each([
    ['below the minimum', '4.99', 'amount_below_minimum'],
    ['negative', '-8', 'amount_invalid'],
    ['a negative number', -8, 'amount_invalid'],
    ['not a number', 'acht Euro', 'amount_invalid'],
    ['missing', undefined, 'amount_invalid'],
    ['in exponent notation', '1e3', 'amount_invalid'],
    ['with fractions of a cent', '8.001', 'amount_invalid'],
    ['absurd', '999999', 'amount_too_high'],
    ['just above the maximum', 500.01, 'amount_too_high'],
  ])('refuses an amount %s with 400 and a detail', async (_what, amount, code) => {
    const refused = await addToCart({ kind: 'music-group', id: ids.nameYourPrice, amount })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code, field: 'amount' })
    expect(refused.body.detail).toEqual(expect.any(String))
    expect(refused.headers.get('set-cookie')).toBeNull()
  })

  it('refuses 0.20 € for a free download (0, or at least the smallest charge)', async () => {
    expect((await addToCart({ kind: 'music-group', id: ids.free, amount: '0.20' })).body).toMatchObject({ code: 'amount_too_low' })
  })

  it('refuses what is not for sale, a draft, an unknown kind or id with a clear 4xx', async () => {
    expect((await addToCart({ kind: 'music-group', id: ids.notForSale, amount: '5' })).status).toBe(404)
    expect((await addToCart({ kind: 'music-group', id: ids.draft, amount: '5' })).status).toBe(404)
    expect((await addToCart({ kind: 'music-group', id: 2_000_000_000, amount: '5' })).status).toBe(404)
    expect((await addToCart({ kind: 'package', id: ids.fixed, amount: '5' })).body).toMatchObject({ code: 'invalid_request', field: 'kind' })
    expect((await addToCart({ kind: 'track', id: '1; drop', amount: '5' })).body).toMatchObject({ code: 'invalid_request', field: 'id' })
  })

  it('answers the album page’s form with a redirect to the cart, which takes the item', async () => {
    const form = new URLSearchParams({ kind: 'music-group', id: String(ids.nameYourPrice), amount: '7.50', locale: 'de' }).toString()
    const answer = await getJson('/api/cart/items/', { method: 'POST', headers: FORM, body: form })
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(`/cart?add=music-group&id=${ids.nameYourPrice}&amount=7.50`)
    // A form from another site is refused by the write guard.
    const foreign = await getJson('/api/cart/items/', { method: 'POST', headers: { ...FORM, Origin: 'https://evil.example' }, body: form })
    expect(foreign.status).toBe(403)
  })
})
