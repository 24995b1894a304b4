import { silentWav } from '../support/audio'
import { deliverSong, paidOrder } from '../support/deliveries'
import { BASE_URL, getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, type TestCustomer } from '../support/users'

/**
 * Gift links: the customer makes a private link to a gift page for a delivered song; the page and
 * its audio work without login and show nothing of the customer; a revoked link is a 404.
 */

const MASTER = silentWav(2)

const createLink = (customer: TestCustomer, orderId: number, body: unknown) =>
  getJson(`/api/orders/${orderId}/gift-links/`, {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

const revoke = (customer: TestCustomer, orderId: number, linkId: number) =>
  getJson(`/api/orders/${orderId}/gift-links/${linkId}/revoke/`, { method: 'POST', headers: bearer(customer) })

/** An anonymous visitor: no cookie, no token. */
const visit = (path: string, init: RequestInit = {}) => fetch(BASE_URL + path, { redirect: 'manual', ...init })

describe('gift links', () => {
  let alice: TestCustomer
  let bob: TestCustomer
  let orderId: number
  let audioId: number

  beforeAll(async () => {
    ;[alice, bob] = await Promise.all([createCustomer('alice'), createCustomer('bob')])
    orderId = await paidOrder(alice, 'vocalbalance')
    await (await testPayload()).update({ collection: 'orders', id: orderId, data: { billing_name: 'Alice Vertraulich' }, depth: 0 })
    audioId = await deliverSong(orderId, { data: MASTER, name: 'geschenk.wav', mimetype: 'audio/wav' }, 'Ein Lied für Mama')
  })
  afterAll(closeTestPayload)

  it('shows the gift page without login: title, player and the escaped dedication, no customer data, never indexed', async () => {
    const dedication = 'Für dich, Mama <script>alert(1)</script> & alle Sterne'
    const created = await createLink(alice, orderId, { audio: audioId, dedication })
    expect(created.status).toBe(201)
    const url = new URL(created.body.url)
    expect(url.pathname).toMatch(/^\/geschenk\/[A-Za-z0-9_-]{43}$/)
    const token = url.pathname.split('/').at(-1)!

    // Only the token's hash is stored.
    const stored = await (await testPayload()).findByID({ collection: 'gift-links', id: created.body.id, depth: 0, showHiddenFields: true })
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(stored)).not.toContain(token)

    const page = await visit(url.pathname)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Ein Lied für Mama')
    expect(html).toContain('Für dich, Mama &lt;script&gt;alert(1)&lt;/script&gt; &amp; alle Sterne')
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain(`/api/gifts/${token}/audio`)
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/)
    for (const secret of [alice.username, alice.email, 'Alice Vertraulich', `Nr. ${orderId}`, `Bestellung ${orderId}`]) expect(html).not.toContain(secret)

    // The downloads' MP3 of the master, not the master (its tags: tests/security/gifts-file.test.ts).
    const audio = await visit(`/api/gifts/${token}/audio`)
    expect(audio.status).toBe(200)
    expect(audio.headers.get('content-type')).toBe('audio/mpeg')
    const song = Buffer.from(await audio.arrayBuffer())
    expect(song.length).toBeGreaterThan(1000)
    const range = await visit(`/api/gifts/${token}/audio`, { headers: { Range: 'bytes=0-99' } })
    expect(range.status).toBe(206)
    expect(range.headers.get('content-range')).toBe(`bytes 0-99/${song.length}`)

    // The English route of the same gift.
    const english = await visit(`/en/gift/${token}`)
    expect(english.status).toBe(200)
    expect(await english.text()).toContain('A song for you')
  })

  it('answers a revoked link with the friendly 404 page, and its audio with 404', async () => {
    const created = await createLink(alice, orderId, { audio: audioId })
    const { pathname } = new URL(created.body.url)
    const token = pathname.split('/').at(-1)!
    expect((await visit(pathname)).status).toBe(200)

    const revoked = await revoke(alice, orderId, created.body.id)
    expect(revoked.status).toBe(200)
    expect(revoked.body.revoked_at).toEqual(expect.any(String))
    const page = await visit(pathname)
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('Dieses Geschenk gibt es nicht (mehr)')
    expect((await visit(`/api/gifts/${token}/audio`)).status).toBe(404)
    // Revoking is one-way: Payload's REST cannot clear it either.
    const reopened = await getJson(`/api/cms/gift-links/${created.body.id}`, {
      method: 'PATCH',
      headers: { ...bearer(alice), 'Content-Type': 'application/json' },
      body: JSON.stringify({ revoked_at: null }),
    })
    expect(reopened.status === 403 || (reopened.status === 200 && reopened.body.doc.revoked_at)).toBeTruthy()
    expect((await visit(pathname)).status).toBe(404)
  })

  it('answers unknown and malformed tokens with 404', async () => {
    for (const token of ['A'.repeat(43), 'kurz', '..%2F..%2Fetc']) {
      expect((await visit(`/geschenk/${token}`)).status).toBe(404)
      expect((await visit(`/api/gifts/${token}/audio`)).status).toBe(404)
    }
  })

  it('keeps links to their owner: another customer can neither create, revoke nor read them', async () => {
    expect((await createLink(bob, orderId, { audio: audioId })).status).toBe(404)
    const created = await createLink(alice, orderId, { audio: audioId, dedication: 'Nur für dich' })
    expect((await revoke(bob, orderId, created.body.id)).status).toBe(404)
    expect((await getJson(`/api/cms/gift-links/${created.body.id}`, { headers: bearer(bob) })).status).toBe(404)
    const own = await getJson(`/api/cms/gift-links/${created.body.id}`, { headers: bearer(alice) })
    expect(own.status).toBe(200)
    expect(own.body.token_hash).toBeUndefined()
    const forged = await getJson('/api/cms/gift-links', {
      method: 'POST',
      headers: { ...bearer(alice), 'Content-Type': 'application/json' },
      body: JSON.stringify({ order: orderId, customer: alice.id, audio: audioId, token_hash: 'f'.repeat(64) }),
    })
    expect(forged.status).toBe(403)
  })

  it('refuses a song that is not delivered yet, and bad input, with 4xx', async () => {
    const undelivered = await paidOrder(alice)
    expect((await createLink(alice, undelivered, { audio: audioId })).status).toBe(404)
    for (const body of [{}, { audio: 'x' }, { audio: audioId, dedication: 7 }, { audio: audioId, dedication: 'x'.repeat(501) }]) {
      const answer = await createLink(alice, orderId, body)
      expect(answer.status).toBe(400)
      expect(typeof answer.body.detail).toBe('string')
    }
  })
})
