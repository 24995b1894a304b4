import { randomBytes } from 'node:crypto'
import type { CollectionSlug, Where } from 'payload'
import { DOWNLOAD_CODE_ALPHABET, DOWNLOAD_CODE_BATCH } from '../../src/rules/download-codes'
import { REDEEM_RATE } from '../../src/rules/limits'
import { silentWav } from '../support/audio'
import { BASE_URL, getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { forgetOwnRateLimitHits } from '../support/rate-limits'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'

/*
 * Issue 33, download codes: the seller makes a batch for an album or a track, exports it as CSV and
 * sees which were used; a logged-in customer redeems a code once (POST /api/download-codes/redeem/
 * and the /einloesen form), which puts the music into "My music" (library-items, source "code").
 * Against the running shop and its database; what is made here is removed afterwards.
 */

const suffix = randomBytes(4).toString('hex')
const SHOP = new URL(BASE_URL).origin
const JSON_TYPE = { 'Content-Type': 'application/json', Origin: SHOP }
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SHOP }
const CODE_SHAPE = new RegExp(`^[${DOWNLOAD_CODE_ALPHABET}]{4}(-[${DOWNLOAD_CODE_ALPHABET}]{4}){3}$`)

const created: { collection: CollectionSlug; id: number }[] = []
const ids = {} as { track: number; album: number }
let seller: { token: string }
let customer: TestCustomer
let other: TestCustomer

beforeAll(async () => {
  const payload = await testPayload()
  const wav = silentWav()
  const audio = await payload.create({
    collection: 'audio',
    data: { title: `Code ${suffix}`, purpose: 'track' },
    file: { data: wav, mimetype: 'audio/wav', name: `code-${suffix}.wav`, size: wav.length },
  })
  created.push({ collection: 'audio', id: audio.id })
  const track = await payload.create({
    collection: 'tracks',
    locale: 'de',
    data: { title: `Codetitel ${suffix}`, audio: audio.id, sale: { mode: 'fixed_price', price: 1.29, offer_flac: true }, _status: 'published' },
  })
  created.push({ collection: 'tracks', id: track.id })
  ids.track = track.id
  const album = await payload.create({
    collection: 'music-groups',
    locale: 'de',
    data: { title: `Codealbum ${suffix}`, form: 'album', tracks: [track.id], sale: { mode: 'not_for_sale' }, _status: 'published' },
  })
  created.push({ collection: 'music-groups', id: album.id })
  ids.album = album.id
  ;[seller, customer, other] = await Promise.all([loginSeller(), createCustomer('code-a'), createCustomer('code-b')])
})

afterAll(async () => {
  const payload = await testPayload()
  const mine: Where = { or: [{ music_group: { in: [ids.album] } }, { track: { in: [ids.track] } }] }
  await payload.delete({ collection: 'library-items', where: mine })
  await payload.delete({ collection: 'download-codes', where: mine })
  for (const { collection, id } of created.reverse()) await payload.delete({ collection, id })
  await forgetOwnRateLimitHits()
  await closeTestPayload()
})

const generate = (body: Record<string, unknown>, caller: { token: string } | null = seller) =>
  getJson('/api/cms/download-codes/generate', { method: 'POST', headers: { ...JSON_TYPE, ...(caller ? bearer(caller) : {}) }, body: JSON.stringify(body) })

const redeem = (code: unknown, caller: { token: string } | null, from = ownLoopbackAddress()) =>
  getJson('/api/download-codes/redeem/', { method: 'POST', headers: { ...JSON_TYPE, ...(caller ? bearer(caller) : {}) }, body: JSON.stringify({ code }), from })

const batchName = (what: string) => `${what} ${suffix}`

describe('generating codes (the seller)', () => {
  it('makes N unique codes of 16 characters from the unambiguous alphabet, in groups of four, with the formats the item offers', async () => {
    const made = await generate({ kind: 'track', id: ids.track, count: 25, batch: batchName('Presse') })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ batch: batchName('Presse'), kind: 'track', id: ids.track, title: `Codetitel ${suffix}`, count: 25 })
    const codes: string[] = made.body.codes
    expect(codes).toHaveLength(25)
    expect(new Set(codes).size).toBe(25)
    for (const code of codes) expect(code).toMatch(CODE_SHAPE)
    const payload = await testPayload()
    const stored = await payload.find({ collection: 'download-codes', where: { batch: { equals: batchName('Presse') } }, pagination: false, depth: 0 })
    expect(stored.docs).toHaveLength(25)
    expect(stored.docs[0]).toMatchObject({ kind: 'track', track: ids.track, formats: ['mp3', 'flac'] })
    expect(stored.docs[0]!.redeemed_at ?? null).toBeNull()
  })

  it('makes up to the maximum in one go, all different; more, fewer than one, a missing name or an unknown item are refused with 400/404', async () => {
    const most = await generate({ kind: 'music-group', id: ids.album, count: DOWNLOAD_CODE_BATCH.maxCount, batch: batchName('Konzert') })
    expect(most.status).toBe(201)
    expect(new Set(most.body.codes).size).toBe(DOWNLOAD_CODE_BATCH.maxCount)
    for (const body of [
      { kind: 'music-group', id: ids.album, count: DOWNLOAD_CODE_BATCH.maxCount + 1, batch: 'x' },
      { kind: 'music-group', id: ids.album, count: 0, batch: 'x' },
      { kind: 'music-group', id: ids.album, count: 2.5, batch: 'x' },
      { kind: 'music-group', id: ids.album, count: 3, batch: '  ' },
      { kind: 'music-group', id: ids.album, count: 3, batch: 'x'.repeat(DOWNLOAD_CODE_BATCH.nameMaxLength + 1) },
      { kind: 'order', id: ids.album, count: 3, batch: 'x' },
      { kind: 'track', id: 'abc', count: 3, batch: 'x' },
    ]) {
      const refused = await generate(body)
      expect({ body, status: refused.status, detail: typeof refused.body.detail }).toEqual({ body, status: 400, detail: 'string' })
    }
    expect((await generate({ kind: 'track', id: 2_000_000_000, count: 3, batch: 'x' })).status).toBe(404)
  })

  it('only the seller: a customer gets 403, a visitor 401, and nothing is made', async () => {
    const payload = await testPayload()
    const before = (await payload.count({ collection: 'download-codes' })).totalDocs
    expect((await generate({ kind: 'track', id: ids.track, count: 3, batch: batchName('Kunde') }, customer)).status).toBe(403)
    expect((await generate({ kind: 'track', id: ids.track, count: 3, batch: batchName('Besuch') }, null)).status).toBe(401)
    expect((await payload.count({ collection: 'download-codes', where: { batch: { in: [batchName('Kunde'), batchName('Besuch')] } } })).totalDocs).toBe(0)
    expect((await payload.count({ collection: 'download-codes' })).totalDocs).toBeGreaterThanOrEqual(before)
  })
})

describe('the seller sees the batches and exports one as CSV', () => {
  it('lists the batches of the item with how many were redeemed', async () => {
    const made = await generate({ kind: 'track', id: ids.track, count: 3, batch: batchName('Zaehlen') })
    expect((await redeem(made.body.codes[0], customer)).status).toBe(200)
    const listed = await getJson(`/api/cms/download-codes/batches?kind=track&id=${ids.track}`, { headers: bearer(seller) })
    expect(listed.status).toBe(200)
    expect(listed.body.batches).toEqual(expect.arrayContaining([expect.objectContaining({ batch: batchName('Zaehlen'), total: 3, redeemed: 1 })]))
    expect((await getJson(`/api/cms/download-codes/batches?kind=track&id=${ids.track}`, { headers: bearer(customer) })).status).toBe(403)
  })

  it('exports a batch as a CSV attachment (the seller only): a header line and one line per code, used ones with their date, never whose', async () => {
    const made = await generate({ kind: 'music-group', id: ids.album, count: 4, batch: batchName('Export; "Fans"') })
    expect((await redeem(made.body.codes[1], other)).status).toBe(200)
    const path = `/api/cms/download-codes/export?batch=${encodeURIComponent(batchName('Export; "Fans"'))}`
    const response = await fetch(BASE_URL + path, { headers: bearer(seller) })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="download-codes-[A-Za-z0-9_-]+\.csv"$/)
    const lines = (await response.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe('code,item,kind,formats,created_at,redeemed_at')
    expect(lines).toHaveLength(5)
    for (const code of made.body.codes) expect(lines.some((line) => line.startsWith(`${code},Codealbum ${suffix},music-group,mp3 flac,`))).toBe(true)
    const used = lines.find((line) => line.startsWith(made.body.codes[1]))!
    expect(used).toMatch(/,\d{4}-\d\d-\d\dT[^,]+$/)
    expect(lines.join('\n')).not.toContain(other.email)
    expect(lines.join('\n')).not.toContain(other.username)
    expect((await getJson(path, { headers: bearer(customer) })).status).toBe(403)
    expect((await getJson(path)).status).toBe(401)
    expect((await getJson(`/api/cms/download-codes/export?batch=${suffix}-none`, { headers: bearer(seller) })).status).toBe(404)
  })

  it('a customer never sees codes through Payload’s REST API', async () => {
    for (const caller of [customer, null]) {
      const listed = await getJson('/api/cms/download-codes', { headers: caller ? bearer(caller) : {} })
      expect([401, 403]).toContain(listed.status)
      expect(JSON.stringify(listed.body)).not.toMatch(new RegExp(`[${DOWNLOAD_CODE_ALPHABET}]{16}`))
    }
  })
})

describe('redeeming a code', () => {
  it('puts the album into the customer’s music once (source "code"); a second redemption says it is used and never whose', async () => {
    const made = await generate({ kind: 'music-group', id: ids.album, count: 2, batch: batchName('Einmal') })
    const [code] = made.body.codes as string[]
    // Any case, spaces instead of dashes: the same code.
    const redeemed = await redeem(code!.toLowerCase().replace(/-/g, ' '), customer)
    expect(redeemed.status).toBe(200)
    expect(redeemed.body).toMatchObject({ kind: 'music-group', id: ids.album, libraryItem: expect.any(Number) })
    const payload = await testPayload()
    const stored = await payload.find({ collection: 'download-codes', where: { code: { equals: code!.replace(/-/g, '') } }, depth: 0 })
    expect(stored.docs[0]).toMatchObject({ redeemed_by: customer.id, redeemed_at: expect.any(String) })
    const item = await payload.findByID({ collection: 'library-items', id: redeemed.body.libraryItem, depth: 0 })
    expect(item).toMatchObject({
      customer: customer.id,
      kind: 'music-group',
      music_group: ids.album,
      source: 'code',
      grant_key: `code:${stored.docs[0]!.id}`,
      // FLAC is offered by default, and the test's master is a lossless WAV.
      formats: ['mp3', 'flac'],
    })

    for (const caller of [other, customer]) {
      const again = await redeem(code, caller)
      expect(again.status).toBe(409)
      expect(again.body).toEqual({ detail: 'This code has already been redeemed.', code: 'used', field: 'code' })
    }
    expect((await payload.count({ collection: 'library-items', where: { grant_key: { equals: `code:${stored.docs[0]!.id}` } } })).totalDocs).toBe(1)
  })

  it('works once under 20 parallel redemptions by 20 customers: one grant, nineteen 409s', async () => {
    const made = await generate({ kind: 'track', id: ids.track, count: 1, batch: batchName('Wettlauf') })
    const [code] = made.body.codes as string[]
    const customers = await Promise.all(Array.from({ length: 20 }, (_, index) => createCustomer(`code-race-${index}`)))
    const answers = await Promise.all(customers.map((one) => redeem(code, one)))
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([200, ...Array(19).fill(409)])
    for (const answer of answers.filter((one) => one.status === 409)) expect(answer.body.detail).toMatch(/already been redeemed|try again/)
    const payload = await testPayload()
    const stored = await payload.find({ collection: 'download-codes', where: { code: { equals: code!.replace(/-/g, '') } }, depth: 0 })
    const grants = await payload.find({ collection: 'library-items', where: { grant_key: { equals: `code:${stored.docs[0]!.id}` } }, depth: 0 })
    expect(grants.docs).toHaveLength(1)
    const winner = customers[answers.findIndex((answer) => answer.status === 200)]!
    expect(grants.docs[0]!.customer).toBe(winner.id)
    expect(stored.docs[0]!.redeemed_by).toBe(winner.id)
  })

  it('refuses an unknown code (404), a malformed one (400) and a visitor without login (401), granting nothing', async () => {
    const unknown = await redeem('AAAA-BBBB-CCCC-DDDD', customer)
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('unknown_code')
    for (const malformed of ['ABC', 'AAAA-BBBB-CCCC-DDD0', 'AAAA-BBBB-CCCC-DDDDE', 42, null, 'x'.repeat(500)]) {
      const refused = await redeem(malformed, customer)
      expect({ malformed, status: refused.status, code: refused.body.code }).toEqual({ malformed, status: 400, code: 'invalid_code' })
    }
    const made = await generate({ kind: 'track', id: ids.track, count: 1, batch: batchName('Besucher') })
    const visitor = await redeem(made.body.codes[0], null)
    expect(visitor.status).toBe(401)
    expect(visitor.body.detail).toMatch(/log in/)
    const payload = await testPayload()
    const stored = await payload.find({ collection: 'download-codes', where: { batch: { equals: batchName('Besucher') } }, depth: 0 })
    expect(stored.docs[0]!.redeemed_at ?? null).toBeNull()
  })

  it('limits tries per client address: past the limit 429 with detail and Retry-After, even for a good code', async () => {
    const from = ownLoopbackAddress()
    for (let index = 0; index < REDEEM_RATE.perClientAddress; index++)
      expect((await redeem(`ZZZZ-ZZZZ-ZZZZ-ZZ${'ABCDEFGHJK'[index]}A`, customer, from)).status).toBe(404)
    const made = await generate({ kind: 'track', id: ids.track, count: 1, batch: batchName('Grenze') })
    const limited = await redeem(made.body.codes[0], customer, from)
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ detail: expect.stringMatching(/Too many/), code: 'too_many_requests' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is not held up.
    expect((await redeem(made.body.codes[0], customer)).status).toBe(200)
  })

  it('the /einloesen form: a visitor is sent back with the code kept and the login; a customer to My music, a used code back with its message', async () => {
    const made = await generate({ kind: 'track', id: ids.track, count: 1, batch: batchName('Formular') })
    const [code] = made.body.codes as string[]
    const post = (caller: { token: string } | null, locale = 'de') =>
      fetch(`${BASE_URL}/api/download-codes/redeem/`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...FORM, ...(caller ? bearer(caller) : {}) },
        body: new URLSearchParams({ code: code!, locale }).toString(),
      })
    const visitor = await post(null)
    expect(visitor.status).toBe(303)
    expect(visitor.headers.get('location')).toBe(`/einloesen?status=login&code=${code}`)
    const page = await (await fetch(`${BASE_URL}${visitor.headers.get('location')}`)).text()
    expect(page).toContain('Zum Einlösen brauchst du ein Kundenkonto')
    expect(page).toMatch(new RegExp(`<input[^>]*name="code"[^>]*value="${code}"`))
    const redeemed = await post(customer)
    expect(redeemed.status).toBe(303)
    expect(redeemed.headers.get('location')).toBe('/account/music')
    const used = await post(other, 'en')
    expect(used.headers.get('location')).toBe(`/en/redeem?status=used&code=${code}`)
    const english = await (await fetch(`${BASE_URL}/en/redeem?status=used`)).text()
    expect(english).toContain('This code has already been redeemed.')
  })
})
