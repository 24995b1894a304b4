import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { silentWav, webmRecordingStart } from '../support/audio'
import { CONSENT_WORDING_VERSION } from '../../src/orders/consent'
import { ORDER_LIMITS, RECORDING_LIMITS } from '../../src/rules/limits'
import { BASE_URL, getJson } from '../support/http'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'
import { sendUntilNotBusy } from '../support/busy'

/**
 * The order calls of spec section 7 against the running shop and its real database: server-side
 * pricing, validation, ownership (enforced by the orders and audio collections), confirmation
 * and recordings.
 */

type Caller = { token: string } | null
const auth = (caller: Caller): Record<string, string> => (caller ? bearer(caller) : {})

const postOrder = (caller: Caller, body: unknown, path = '/api/orders/') =>
  getJson(path, {
    method: 'POST',
    headers: { ...auth(caller), 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const confirm = (caller: Caller, orderId: number | string) => getJson(`/api/orders/${orderId}/confirm/`, { method: 'POST', headers: auth(caller) })

const myOrders = (caller: Caller) => getJson('/api/orders/my/', { headers: auth(caller) })

type UploadParts = { bytes?: Buffer; name?: string; type?: string; description?: string }
function uploadRecording(caller: Caller, orderId: number | string, { bytes, name = 'audio-recording.webm', type = 'audio/webm', description }: UploadParts) {
  const form = new FormData()
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  if (description !== undefined) form.append('description', description)
  return getJson(`/api/orders/${orderId}/upload-audio/`, { method: 'POST', headers: auth(caller), body: form })
}

const RECORDING_DESCRIPTION = 'Sprachaufnahme für den Song'

const storedOrder = async (id: number) => (await testPayload()).findByID({ collection: 'orders', id, depth: 0 })

/** The seller's steps up to the delivery, as the server's own calls: paid, then delivered. */
const deliver = async (id: number) => {
  const payload = await testPayload()
  await payload.update({ collection: 'orders', id, data: { status: 'paid' } })
  await payload.update({ collection: 'orders', id, data: { status: 'delivered' } })
}

const download = (url: string, caller: Caller) => fetch(BASE_URL + url, { headers: auth(caller) })

describe('orders API (spec section 7)', () => {
  let alice: TestCustomer
  let bob: TestCustomer
  let seller: { token: string }

  beforeAll(async () => {
    ;[alice, bob, seller] = await Promise.all([createCustomer('alice'), createCustomer('bob'), loginSeller()])
  })
  afterAll(closeTestPayload)
  // Each test places its own orders; those of earlier tests count as paid, so that the limit on
  // open unpaid orders per customer (tested in tests/security/files-limits.test.ts) stays out of the way.
  // Written to the rows alone: a payment through Payload would issue an invoice and queue a mail for
  // each of them, work these tests never look at (tests/integration/invoices.test.ts does).
  beforeEach(async () => {
    await (
      await testPayload()
    ).db.updateMany({
      collection: 'orders',
      where: { and: [{ customer: { in: [alice.id, bob.id] } }, { status: { equals: 'pending_payment' } }] },
      data: { status: 'paid' },
      returning: false,
    })
  })

  const order = async (customer: TestCustomer, choices: Record<string, unknown> = {}) => {
    const { status, body } = await postOrder(customer, { package: 'vocalbalance', theme: 'inner-peace', ...CONSENTS, ...choices })
    expect(status).toBe(201)
    return body as { id: number; [field: string]: unknown }
  }

  describe('placing an order', () => {
    it.each([
      ['soundtouch', false, { package_price: 39, streaming_surcharge: 0, total: 39, vat_amount: 6.23 }],
      ['vocalbalance', false, { package_price: 69, streaming_surcharge: 0, total: 69, vat_amount: 11.02 }],
      ['deepflow', false, { package_price: 129, streaming_surcharge: 0, total: 129, vat_amount: 20.6 }],
      ['deepflow', true, { package_price: 129, streaming_surcharge: 24.95, total: 153.95, vat_amount: 24.58 }],
    ])('prices %s (streaming %p) on the server and ignores prices, status, customer and confirmation sent by the client', async (pkg, streaming, price) => {
      const { status, body } = await postOrder(alice, {
        package: pkg,
        theme: 'deep-sleep',
        use_type: 'sleep',
        personal_note: 'Für ruhige Nächte',
        spotify_option: streaming,
        payment_method: 'paypal',
        price: 1,
        total: 1,
        package_price: 1,
        vat_amount: 0,
        status: 'completed',
        customer: bob.id,
        confirmed_by_user: true,
        ...CONSENTS,
      })
      expect(status).toBe(201)
      expect(body).toMatchObject({
        package: pkg,
        package_name: expect.any(String),
        use_type: 'sleep',
        theme: 'deep-sleep',
        custom_theme: null,
        personal_note: 'Für ruhige Nächte',
        spotify_option: streaming,
        payment_method: 'paypal',
        status: 'pending_payment',
        uploads: [],
        confirmed_by_user: false,
        invoice_pdf: null,
        ...price,
      })
      expect(typeof body.id).toBe('number')
      expect(Date.parse(body.created_at)).toBeGreaterThan(Date.now() - 60_000)

      const stored = await storedOrder(body.id)
      expect(stored).toMatchObject({ customer: alice.id, status: 'pending_payment', confirmed_by_user: false, vat_rate: 19, ...price })
      expect(stored.confirmed_at ?? null).toBeNull()
    })

    it('takes the direct order form (package, theme, personal_note) with prepayment, without the trailing slash too', async () => {
      const { status, body } = await postOrder(alice, { package: 'soundtouch', theme: 'gratitude', personal_note: 'Danke', ...CONSENTS }, '/api/orders')
      expect(status).toBe(201)
      expect(body).toMatchObject({ payment_method: 'prepayment', use_type: null, spotify_option: false, total: 39 })
    })

    it("keeps the customer's own theme", async () => {
      const placed = await order(alice, { theme: 'custom', custom_theme: '  Mut für den Neuanfang  ' })
      expect(placed).toMatchObject({ theme: 'custom', custom_theme: 'Mut für den Neuanfang' })
      expect(await storedOrder(placed.id)).toMatchObject({ theme: 'custom', custom_theme: 'Mut für den Neuanfang' })
    })

    it('keeps an optional billing name and address for the invoice, trimmed, and lists them', async () => {
      const placed = await order(alice, { billing_name: '  Alice Beispiel ', billing_address: 'Seeweg 3\n24937 Flensburg' })
      expect(placed).toMatchObject({ billing_name: 'Alice Beispiel', billing_address: 'Seeweg 3\n24937 Flensburg' })
      expect(await storedOrder(placed.id)).toMatchObject({ billing_name: 'Alice Beispiel', billing_address: 'Seeweg 3\n24937 Flensburg' })
      expect(await order(alice)).toMatchObject({ billing_name: null, billing_address: null })
    })

    it('drops free text sent with a listed theme', async () => {
      expect(await order(alice, { theme: 'gratitude', custom_theme: 'ignoriert' })).toMatchObject({ custom_theme: null })
    })

    const valid = { package: 'deepflow', theme: 'inner-peace', ...CONSENTS }
    it.each([
      ['an unknown package', { ...valid, package: 'platinum' }, /no package "platinum"/],
      ['an unknown theme', { ...valid, theme: 'world-peace' }, /no theme "world-peace"/],
      ['an unknown use type', { ...valid, use_type: 'skydiving' }, /no use type "skydiving"/],
      ['a missing theme', { package: 'deepflow' }, /theme/],
      ['a blank theme', { ...valid, theme: '  ' }, /theme/],
      ['a missing package', { theme: 'inner-peace' }, /package/],
      ['the custom theme without text', { ...valid, theme: 'custom' }, /own theme/],
      [
        'a custom theme one character too long',
        { ...valid, theme: 'custom', custom_theme: 'x'.repeat(ORDER_LIMITS.customTheme + 1) },
        new RegExp(`at most ${ORDER_LIMITS.customTheme}`),
      ],
      [
        'a note one character too long',
        { ...valid, personal_note: 'n'.repeat(ORDER_LIMITS.personalNote + 1) },
        new RegExp(`at most ${ORDER_LIMITS.personalNote}`),
      ],
      ['an unknown payment method', { ...valid, payment_method: 'bitcoin' }, /payment method "bitcoin"/],
      ['a package that is not text', { ...valid, package: 42 }, /package/],
      ['a note that is not text', { ...valid, personal_note: ['a'] }, /personal_note must be text/],
      ['a streaming option that is not a boolean', { ...valid, spotify_option: 'yes' }, /spotify_option must be true or false/],
      ['a use type that is not text', { ...valid, use_type: { slug: 'sleep' } }, /use_type must be text/],
      [
        'a billing name one character too long',
        { ...valid, billing_name: 'b'.repeat(ORDER_LIMITS.billingName + 1) },
        new RegExp(`billing name is too long \\(at most ${ORDER_LIMITS.billingName}`),
      ],
      [
        'a billing address one character too long',
        { ...valid, billing_address: 'a'.repeat(ORDER_LIMITS.billingAddress + 1) },
        new RegExp(`billing address is too long \\(at most ${ORDER_LIMITS.billingAddress}`),
      ],
      ['a billing address that is not text', { ...valid, billing_address: { street: 'x' } }, /billing_address must be text/],
      ['a JSON array', [valid], /JSON object/],
      ['malformed JSON', '{"package": "deepflow", ', /not valid JSON/],
      ['an empty body', '', /empty/],
    ])('refuses %s with 400 and a detail, storing nothing', async (_case, input, detail) => {
      const customer = await createCustomer('carol')
      const { status, body } = await postOrder(customer, input)
      expect(status).toBe(400)
      expect(body.detail).toMatch(detail)
      const payload = await testPayload()
      expect((await payload.count({ collection: 'orders', where: { customer: { equals: customer.id } } })).totalDocs).toBe(0)
    })

    it.each([
      ['POST /api/orders/', () => postOrder(null, { package: 'deepflow', theme: 'inner-peace' })],
      ['GET /api/orders/my/', () => myOrders(null)],
      ['POST /api/orders/{id}/confirm/', () => confirm(null, 1)],
      ['POST /api/orders/{id}/upload-audio/', () => uploadRecording(null, 1, { bytes: silentWav(0.1) })],
      ['a forged token', () => myOrders({ token: 'not-a-token' })],
    ])('answers %s without a login with 401 "Please log in."', async (_call, call) => {
      const { status, body } = await call()
      expect(status).toBe(401)
      expect(body).toEqual({ detail: 'Please log in.' })
    })

    it('accepts the login cookie as well as the bearer header', async () => {
      const { status, body } = await getJson('/api/orders/my/', { headers: { cookie: `payload-token=${alice.token}`, 'Sec-Fetch-Site': 'same-origin' } })
      expect(status).toBe(200)
      expect(Array.isArray(body)).toBe(true)
    })

    it("cannot be bypassed through Payload's REST endpoint", async () => {
      const attempt = (caller: Caller) =>
        getJson('/api/cms/orders', {
          method: 'POST',
          headers: { ...auth(caller), 'Content-Type': 'application/json' },
          body: JSON.stringify({ customer: alice.id, package: 'deepflow', theme: 'inner-peace', status: 'pending_payment', payment_method: 'prepayment' }),
        })
      expect((await attempt(alice)).status).toBe(403)
      expect((await attempt(null)).status).toBe(403)
    })

    it('takes no order made up over REST, not even from the seller (403): every order comes from the shop, priced from stored data', async () => {
      // Alice's orders only: the browser tests place orders of their own meanwhile.
      const alicesOrders = async () => (await (await testPayload()).count({ collection: 'orders', where: { customer: { equals: alice.id } } })).totalDocs
      const before = await alicesOrders()
      const { status } = await getJson('/api/cms/orders', {
        method: 'POST',
        headers: { ...bearer(seller), 'Content-Type': 'application/json' },
        body: JSON.stringify({
          customer: alice.id,
          package: 'deepflow',
          theme: 'gratitude',
          spotify_option: true,
          total: 1,
          package_price: 1,
          status: 'paid',
          payment_method: 'prepayment',
        }),
      })
      expect(status).toBe(403)
      expect(await alicesOrders()).toBe(before)
    })
  })

  describe('consents before the order button (terms, early start of the work)', () => {
    const choices = { package: 'soundtouch', theme: 'gratitude' }
    const TERMS = /terms_accepted must be true \(the customer accepts the terms and conditions\)/
    const EARLY_START = /early_start_consent must be true \(the customer agrees that the work begins before the withdrawal period ends/

    it.each([
      ['neither consent', {}, [TERMS, EARLY_START], []],
      ['no terms', { early_start_consent: true }, [TERMS], [EARLY_START]],
      ['no early-start consent', { terms_accepted: true }, [EARLY_START], [TERMS]],
      ['terms false', { terms_accepted: false, early_start_consent: true }, [TERMS], [EARLY_START]],
      ['early start false', { terms_accepted: true, early_start_consent: false }, [EARLY_START], [TERMS]],
      ['terms as "on"', { terms_accepted: 'on', early_start_consent: true }, [TERMS], [EARLY_START]],
      ['early start as the string "true"', { terms_accepted: true, early_start_consent: 'true' }, [EARLY_START], [TERMS]],
      ['early start as 1', { terms_accepted: true, early_start_consent: 1 }, [EARLY_START], [TERMS]],
      ['both null', { terms_accepted: null, early_start_consent: null }, [TERMS, EARLY_START], []],
    ])('refuses an order with %s: 400 naming what is missing, nothing stored', async (_case, consents, named, notNamed) => {
      const customer = await createCustomer('erin')
      const { status, body } = await postOrder(customer, { ...choices, ...consents })
      expect(status).toBe(400)
      expect(body.detail).toMatch(/^Missing consent: /)
      for (const missing of named) expect(body.detail).toMatch(missing)
      for (const given of notNamed) expect(body.detail).not.toMatch(given)
      const payload = await testPayload()
      expect((await payload.count({ collection: 'orders', where: { customer: { equals: customer.id } } })).totalDocs).toBe(0)
    })

    it('records both consents with their time, the version of their wording and the language, German by default', async () => {
      const before = Date.now()
      const placed = await order(alice)
      const stored = await storedOrder(placed.id)
      for (const at of [stored.terms_accepted_at, stored.early_start_consent_at]) {
        expect(Date.parse(at!)).toBeGreaterThanOrEqual(before - 1000)
        expect(Date.parse(at!)).toBeLessThanOrEqual(Date.now() + 1000)
      }
      expect(stored).toMatchObject({ consent_wording_version: CONSENT_WORDING_VERSION, locale: 'de' })
    })

    it.each([
      ['Accept-Language en-GB', { 'Accept-Language': 'en-GB,en;q=0.9' }, 'en'],
      ['the language cookie en, over a German Accept-Language', { Cookie: 'lang=en', 'Accept-Language': 'de-DE' }, 'en'],
      ['the language cookie de, over an English Accept-Language', { Cookie: 'lang=de', 'Accept-Language': 'en' }, 'de'],
      ['a language the shop does not have', { 'Accept-Language': 'fr-FR' }, 'de'],
    ])('records the language of the request: %s', async (_case, headers, locale) => {
      const { status, body } = await getJson('/api/orders/', {
        method: 'POST',
        headers: { ...bearer(alice), 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ ...choices, ...CONSENTS }),
      })
      expect(status).toBe(201)
      expect((await storedOrder(body.id)).locale).toBe(locale)
    })

    it("lets nobody change the recorded consents through Payload's REST, neither the customer nor the seller", async () => {
      const placed = await order(alice)
      const recorded = await storedOrder(placed.id)
      const forged = {
        terms_accepted_at: '2000-01-01T00:00:00.000Z',
        early_start_consent_at: null,
        consent_wording_version: 'forged',
        locale: 'en',
      }
      for (const caller of [alice, seller]) {
        const { status } = await getJson(`/api/cms/orders/${placed.id}`, {
          method: 'PATCH',
          headers: { ...bearer(caller), 'Content-Type': 'application/json' },
          body: JSON.stringify(forged),
        })
        expect(status).toBeLessThan(500)
        expect(await storedOrder(placed.id)).toMatchObject({
          terms_accepted_at: recorded.terms_accepted_at,
          early_start_consent_at: recorded.early_start_consent_at,
          consent_wording_version: CONSENT_WORDING_VERSION,
          locale: 'de',
        })
      }
    })

    it('takes consents from the customer only: the seller cannot create an order carrying consents over REST (403)', async () => {
      const { status } = await getJson('/api/cms/orders', {
        method: 'POST',
        headers: { ...bearer(seller), 'Content-Type': 'application/json' },
        body: JSON.stringify({
          customer: alice.id,
          ...choices,
          payment_method: 'prepayment',
          terms_accepted_at: '2026-01-01T00:00:00.000Z',
          early_start_consent_at: '2026-01-01T00:00:00.000Z',
          consent_wording_version: CONSENT_WORDING_VERSION,
          locale: 'en',
        }),
      })
      expect(status).toBe(403)
    })
  })

  describe('retried with an Idempotency-Key', () => {
    const withKey = (caller: TestCustomer, key: string, choices: Record<string, unknown> = {}) =>
      getJson('/api/orders/', {
        method: 'POST',
        headers: { ...bearer(caller), 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', personal_note: 'Zum Einschlafen', ...CONSENTS, ...choices }),
      })
    const newKey = () => `retry-${randomUUID()}`
    const ordersWithKey = async (customer: TestCustomer, key: string) =>
      (
        await (
          await testPayload()
        ).count({ collection: 'orders', where: { and: [{ customer: { equals: customer.id } }, { idempotency_key: { equals: key } }] } })
      ).totalDocs

    it('answers a retry with the first order, marked Idempotent-Replayed, and stores one', async () => {
      const key = newKey()
      const first = await withKey(alice, key)
      expect(first.status).toBe(201)
      expect(first.headers.get('Idempotent-Replayed')).toBeNull()
      const retry = await withKey(alice, key)
      expect(retry.status).toBe(201)
      expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
      expect(retry.body).toEqual(first.body)
      expect(await ordersWithKey(alice, key)).toBe(1)
      // The draft's quoted form names the same key.
      expect((await withKey(alice, `"${key}"`)).body.id).toBe(first.body.id)
    })

    it('places one order for ten retries at the same moment', async () => {
      const key = newKey()
      // One after the other under the customer's lock; one refused as busy is sent again, as the storefront does.
      const answers = await Promise.all(Array.from({ length: 10 }, () => sendUntilNotBusy(() => withKey(alice, key))))
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201))
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1)
      expect(answers.filter((answer) => answer.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(9)
      expect(await ordersWithKey(alice, key)).toBe(1)
    })

    it("keeps each customer's keys apart: another customer's request with the same key places their own order", async () => {
      const key = newKey()
      const alices = await withKey(alice, key)
      const bobs = await withKey(bob, key)
      expect(bobs.status).toBe(201)
      expect(bobs.headers.get('Idempotent-Replayed')).toBeNull()
      expect(bobs.body.id).not.toBe(alices.body.id)
      expect((await storedOrder(bobs.body.id)).customer).toBe(bob.id)
    })

    it('refuses a key used for other choices (422) and a malformed key (400), and stores nothing for either', async () => {
      const key = newKey()
      const first = await withKey(alice, key)
      const other = await withKey(alice, key, { package: 'deepflow' })
      expect(other.status).toBe(422)
      expect(other.body.detail).toMatch(/Idempotency-Key was used for an order with other choices/)
      expect(await ordersWithKey(alice, key)).toBe(1)
      expect((await storedOrder(first.body.id)).package).toBe('vocalbalance')

      const before = (await myOrders(alice)).body.length
      for (const bad of ['', 'mit leerzeichen', 'ä-umlaut', 'x'.repeat(256)]) {
        const refused = await withKey(alice, bad)
        expect({ bad, status: refused.status }).toEqual({ bad, status: 400 })
        expect(refused.body).toMatchObject({ detail: expect.stringContaining('Idempotency-Key header must be'), field: 'Idempotency-Key' })
      }
      expect((await myOrders(alice)).body.length).toBe(before)
    })

    it("lets no customer set the key through Payload's REST", async () => {
      const placed = await withKey(alice, newKey())
      const patched = await getJson(`/api/cms/orders/${placed.body.id}`, {
        method: 'PATCH',
        headers: { ...bearer(alice), 'Content-Type': 'application/json' },
        body: JSON.stringify({ idempotency_key: 'taken-over' }),
      })
      // Refused or ignored, never stored.
      expect(patched.status).toBeLessThan(500)
      expect((await storedOrder(placed.body.id)).idempotency_key).not.toBe('taken-over')
    })
  })

  describe('whose orders', () => {
    it("lists only the caller's orders, newest first, never cached", async () => {
      const dana = await createCustomer('dana')
      const first = await order(dana, { package: 'soundtouch' })
      const second = await order(dana, { package: 'deepflow' })
      const bobsOrder = await order(bob)

      const { status, headers, body } = await myOrders(dana)
      expect(status).toBe(200)
      expect(headers.get('cache-control')).toBe('no-store')
      expect(body.map((listed: { id: number }) => listed.id)).toEqual([second.id, first.id])
      expect(Object.keys(body[0]).sort()).toEqual(
        [
          'id',
          'package',
          'package_name',
          'use_type',
          'theme',
          'custom_theme',
          'personal_note',
          'spotify_option',
          'payment_method',
          'status',
          'uploads',
          'confirmed_by_user',
          'invoice_pdf',
          'cancellation_invoice_pdf',
          'package_price',
          'streaming_surcharge',
          'total',
          'vat_amount',
          'billing_name',
          'billing_address',
          'bank_transfer',
          'created_at',
        ].sort(),
      )
      const bobsList = (await myOrders(bob)).body.map((listed: { id: number }) => listed.id)
      expect(bobsList).toContain(bobsOrder.id)
      expect(bobsList).not.toContain(first.id)
    })

    it('does not let another customer confirm an order (404), which stays unconfirmed', async () => {
      const placed = await order(alice)
      const { status, body } = await confirm(bob, placed.id)
      expect(status).toBe(404)
      expect(typeof body.detail).toBe('string')
      expect((await storedOrder(placed.id)).confirmed_by_user).toBe(false)
    })

    it('answers malformed and unknown order ids with 404', async () => {
      for (const id of ['abc', '0', '1.5', '99999999']) {
        expect((await confirm(alice, id)).status).toBe(404)
        expect((await uploadRecording(alice, id, { bytes: silentWav(0.1) })).status).toBe(404)
      }
    })

    it("does not show another customer's order through Payload's REST", async () => {
      const placed = await order(alice)
      expect([403, 404]).toContain((await getJson(`/api/cms/orders/${placed.id}`, { headers: bearer(bob) })).status)
      expect([403, 404]).toContain((await getJson(`/api/cms/orders/${placed.id}`)).status)
      const list = await getJson('/api/cms/orders?limit=100', { headers: bearer(bob) })
      expect(list.body.docs.map((doc: { id: number }) => doc.id)).not.toContain(placed.id)
      expect((await getJson(`/api/cms/orders/${placed.id}`, { headers: bearer(alice) })).status).toBe(200)
    })
  })

  describe('confirming', () => {
    it('confirms a delivered order once, which completes it; a second confirmation is refused with 409 and the order stays confirmed', async () => {
      const placed = await order(alice)
      await deliver(placed.id)
      const first = await confirm(alice, placed.id)
      expect(first.status).toBe(200)
      expect(first.body).toMatchObject({ id: placed.id, confirmed_by_user: true, status: 'completed' })
      const confirmedAt = (await storedOrder(placed.id)).confirmed_at
      expect(Date.parse(confirmedAt!)).toBeGreaterThan(Date.now() - 60_000)

      const second = await getJson(`/api/orders/${placed.id}/confirm`, { method: 'POST', headers: bearer(alice) })
      expect(second.status).toBe(409)
      expect(second.body.detail).toMatch(/already confirmed/)
      expect(await storedOrder(placed.id)).toMatchObject({ confirmed_by_user: true, confirmed_at: confirmedAt })
    })

    it('refuses to confirm an order that is not delivered yet with 409 and a detail', async () => {
      const placed = await order(alice)
      const unpaid = await confirm(alice, placed.id)
      expect(unpaid.status).toBe(409)
      expect(unpaid.body.detail).toMatch(/delivered/)
      await (await testPayload()).update({ collection: 'orders', id: placed.id, data: { status: 'paid' } })
      expect((await confirm(alice, placed.id)).status).toBe(409)
      expect(await storedOrder(placed.id)).toMatchObject({ confirmed_by_user: false, status: 'paid' })
    })

    it('refuses to confirm a cancelled order with 409', async () => {
      const placed = await order(alice)
      await (await testPayload()).update({ collection: 'orders', id: placed.id, data: { status: 'cancelled' } })
      const { status, body } = await confirm(alice, placed.id)
      expect(status).toBe(409)
      expect(body.detail).toMatch(/cancelled/)
      expect((await storedOrder(placed.id)).confirmed_by_user).toBe(false)
    })

    it("lets a customer write nothing to an order through Payload's REST (403); the confirmation goes through the shop, once", async () => {
      const placed = await order(alice, { personal_note: 'Original' })
      const before = await storedOrder(placed.id)
      const patch = (caller: Caller, data: Record<string, unknown>) =>
        getJson(`/api/cms/orders/${placed.id}`, {
          method: 'PATCH',
          headers: { ...auth(caller), 'Content-Type': 'application/json' },
          body: JSON.stringify(data),
        })
      const tampering = {
        total: 1,
        package_price: 1,
        vat_amount: 0,
        status: 'completed',
        package: 'soundtouch',
        personal_note: 'Geändert',
        customer: bob.id,
        invoice: 1,
        paid_at: '2000-01-01T00:00:00.000Z',
        status_history: [{ at: '2000-01-01T00:00:00.000Z', actor: 'seller', from: 'paid', to: 'completed' }],
        confirmed_at: '2000-01-01T00:00:00.000Z',
      }
      expect((await patch(alice, tampering)).status).toBe(403)
      expect((await patch(alice, { confirmed_by_user: true })).status).toBe(403)
      const afterTampering = await storedOrder(placed.id)
      for (const field of [
        'total',
        'package_price',
        'vat_amount',
        'status',
        'package',
        'personal_note',
        'customer',
        'invoice',
        'paid_at',
        'confirmed_at',
        'confirmed_by_user',
        'updatedAt',
      ] as const) {
        expect(afterTampering[field]).toEqual(before[field])
      }

      // The seller's save keeps what was sold, paid and invoiced: those fields are the server's alone.
      const { status: _status, personal_note: _note, ...moneyAndHistory } = tampering
      expect((await patch(seller, moneyAndHistory)).status).toBe(200)
      const afterSeller = await storedOrder(placed.id)
      for (const field of ['total', 'package_price', 'vat_amount', 'package', 'customer', 'invoice', 'paid_at', 'confirmed_at'] as const) {
        expect(afterSeller[field]).toEqual(before[field])
      }
      expect(afterSeller.status_history ?? []).toEqual([])

      await deliver(placed.id)
      expect((await confirm(alice, placed.id)).status).toBe(200)
      const confirmed = await storedOrder(placed.id)
      expect(confirmed.confirmed_by_user).toBe(true)
      expect(Date.parse(confirmed.confirmed_at!)).toBeGreaterThan(Date.now() - 60_000)

      // Never taken back: not by the customer, not by the seller's form.
      expect((await patch(alice, { confirmed_by_user: false })).status).toBe(403)
      await patch(seller, { confirmed_by_user: false })
      expect(await storedOrder(placed.id)).toMatchObject({ confirmed_by_user: true, confirmed_at: confirmed.confirmed_at })
    })
  })

  describe('recordings', () => {
    it('stores a WAV recording, lists it with its URL and lets only its owner download it', async () => {
      const placed = await order(alice)
      const wav = silentWav(0.5)
      const { status, body } = await uploadRecording(alice, placed.id, { bytes: wav, description: RECORDING_DESCRIPTION })
      expect(status).toBe(201)
      expect(body).toEqual({
        id: expect.any(Number),
        file: expect.stringMatching(/^\/media\/audio\/recording-order-\d+.*\.wav$/),
        description: RECORDING_DESCRIPTION,
      })

      const listed = (await myOrders(alice)).body.find((candidate: { id: number }) => candidate.id === placed.id)
      expect(listed.uploads).toEqual([{ id: body.id, file: body.file, description: RECORDING_DESCRIPTION, kind: 'recording' }])

      const audio = await (await testPayload()).findByID({ collection: 'audio', id: body.id, depth: 0 })
      expect(audio).toMatchObject({ purpose: 'recording', owner: alice.id, duration: 0.5 })

      const asOwner = await download(body.file, alice)
      expect(asOwner.status).toBe(200)
      expect(asOwner.headers.get('content-type')).toBe('audio/wav')
      expect(Buffer.from(await asOwner.arrayBuffer()).equals(wav)).toBe(true)
      expect((await download(body.file, bob)).status).toBe(404)
      expect((await download(body.file, null)).status).toBe(404)
      expect([403, 404]).toContain((await getJson(`/api/cms/audio/${body.id}`, { headers: bearer(bob) })).status)
    })

    it("stores the browser's WebM recording (audio-recording.webm, sniffed as video/webm) as audio/webm", async () => {
      const placed = await order(alice, { package: 'deepflow' })
      const { status, body } = await uploadRecording(alice, placed.id, {
        bytes: webmRecordingStart(),
        type: 'audio/webm;codecs=opus',
        description: RECORDING_DESCRIPTION,
      })
      expect(status).toBe(201)
      expect(body.file).toMatch(/\.webm$/)
      const served = await download(body.file, alice)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('audio/webm')
    })

    it('refuses a text file named audio-recording.webm with 415 and leaves the order unchanged', async () => {
      const placed = await order(alice)
      const { status, body } = await uploadRecording(alice, placed.id, {
        bytes: Buffer.from('This is not a recording, only text pretending to be one.\n'.repeat(20)),
      })
      expect(status).toBe(415)
      expect(body.detail).toMatch(/not an audio recording/)
      expect((await storedOrder(placed.id)).uploads).toEqual([])
    })

    it('refuses a recording for a package without one (soundtouch) with 400', async () => {
      const placed = await order(alice, { package: 'soundtouch' })
      const { status, body } = await uploadRecording(alice, placed.id, { bytes: silentWav(0.1) })
      expect(status).toBe(400)
      expect(body.detail).toMatch(/does not include a voice recording/)
    })

    it.each([
      ['no file', { description: RECORDING_DESCRIPTION }, /form field "file"/],
      ['an empty file', { bytes: Buffer.alloc(0) }, /empty/],
      [
        'a description one character too long',
        { bytes: silentWav(0.1), description: 'd'.repeat(ORDER_LIMITS.uploadDescription + 1) },
        new RegExp(`at most ${ORDER_LIMITS.uploadDescription}`),
      ],
    ])('refuses an upload with %s with 400', async (_case, parts, detail) => {
      const placed = await order(alice)
      const { status, body } = await uploadRecording(alice, placed.id, parts)
      expect(status).toBe(400)
      expect(body.detail).toMatch(detail)
      expect((await storedOrder(placed.id)).uploads).toEqual([])
    })

    it('refuses a body that is not multipart with 415', async () => {
      const placed = await order(alice)
      const { status } = await getJson(`/api/orders/${placed.id}/upload-audio/`, {
        method: 'POST',
        headers: { ...bearer(alice), 'Content-Type': 'application/json' },
        body: '{"file": "audio-recording.webm"}',
      })
      expect(status).toBe(415)
    })

    it('refuses a file just over the limit (20 MB) with 413, and a body whose Content-Length is over it', async () => {
      const placed = await order(alice)
      const limit = RECORDING_LIMITS.maxBytes
      const justOver = Buffer.concat([silentWav(0.1), Buffer.alloc(limit + 1 - silentWav(0.1).length)])
      const bySize = await uploadRecording(alice, placed.id, { bytes: justOver, name: 'big.wav', type: 'audio/wav' })
      expect(bySize.status).toBe(413)
      expect(bySize.body.detail).toMatch(/too large/)

      const byContentLength = await uploadRecording(alice, placed.id, { bytes: Buffer.alloc(limit + 1024 * 1024), name: 'huge.wav', type: 'audio/wav' })
      expect(byContentLength.status).toBe(413)
      expect((await storedOrder(placed.id)).uploads).toEqual([])
    })

    it('cuts off a chunked upload without Content-Length once it passes the limit (413)', async () => {
      const placed = await order(alice)
      const boundary = `----recording${Date.now()}`
      const url = new URL(`${BASE_URL}/api/orders/${placed.id}/upload-audio/`)
      // node:http on a connection of its own: the server stops reading mid-upload, which leaves
      // that connection unfit for the next request.
      const status = await new Promise<number>((resolve, reject) => {
        const upload = http.request(url, {
          method: 'POST',
          agent: false,
          headers: { ...bearer(alice), 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked' },
        })
        upload.on('response', (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
          upload.destroy()
        })
        upload.on('error', reject)
        upload.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="audio-recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`)
        const megabyte = Buffer.alloc(1024 * 1024)
        let sent = 0
        const sendMore = () => {
          while (sent < 22 && !upload.destroyed) {
            sent++
            if (!upload.write(megabyte)) return upload.once('drain', sendMore)
          }
          if (!upload.destroyed) upload.end(`\r\n--${boundary}--\r\n`)
        }
        sendMore()
      })
      expect(status).toBe(413)
      expect((await storedOrder(placed.id)).uploads).toEqual([])
    })

    it('allows at most 3 recordings per order', async () => {
      const placed = await order(alice)
      for (let i = 0; i < 3; i++) expect((await uploadRecording(alice, placed.id, { bytes: silentWav(0.1) })).status).toBe(201)
      const fourth = await uploadRecording(alice, placed.id, { bytes: silentWav(0.1) })
      expect(fourth.status).toBe(409)
      expect(fourth.body.detail).toMatch(/already has 3 recordings/)
      expect((await storedOrder(placed.id)).uploads).toHaveLength(3)
    })

    it('keeps every recording of uploads sent at the same moment, and still no more than 3', async () => {
      const placed = await order(alice)
      const statuses = await Promise.all(
        Array.from({ length: 4 }, async () => (await sendUntilNotBusy(() => uploadRecording(alice, placed.id, { bytes: silentWav(0.1) }))).status),
      )
      expect(statuses.sort()).toEqual([201, 201, 201, 409])
      const listed = (await myOrders(alice)).body.find((candidate: { id: number }) => candidate.id === placed.id)
      expect(listed.uploads).toHaveLength(3)
    })

    it('does not let another customer upload to an order (404); its uploads stay as they were', async () => {
      const placed = await order(alice)
      expect((await uploadRecording(alice, placed.id, { bytes: silentWav(0.1) })).status).toBe(201)
      const before = (await storedOrder(placed.id)).uploads
      const { status } = await uploadRecording(bob, placed.id, { bytes: silentWav(0.1) })
      expect(status).toBe(404)
      expect((await storedOrder(placed.id)).uploads).toEqual(before)
    })

    it("does not let a customer create audio through Payload's REST", async () => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(silentWav(0.1))], { type: 'audio/wav' }), 'sneaky.wav')
      form.append('_payload', JSON.stringify({ purpose: 'track', title: 'Sneaky' }))
      const { status } = await getJson('/api/cms/audio', { method: 'POST', headers: bearer(alice), body: form })
      expect(status).toBe(403)
    })
  })

  describe("the seller's deliveries", () => {
    const addUploads = (orderId: number, uploads: unknown[]) =>
      getJson(`/api/cms/orders/${orderId}`, {
        method: 'PATCH',
        headers: { ...bearer(seller), 'Content-Type': 'application/json' },
        body: JSON.stringify({ uploads }),
      })

    it('makes a file the seller adds to an order in the admin hearable and downloadable by that customer alone', async () => {
      const placed = await order(alice)
      const recording = await uploadRecording(alice, placed.id, { bytes: silentWav(0.1), description: RECORDING_DESCRIPTION })
      expect(recording.status).toBe(201)

      // What the admin panel does: upload the file to the audio collection, then save the order.
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(silentWav(1))], { type: 'audio/wav' }), 'dein-song.wav')
      form.append('_payload', JSON.stringify({ title: 'Dein Song' }))
      const uploaded = await getJson('/api/cms/audio', { method: 'POST', headers: bearer(seller), body: form })
      expect(uploaded.status).toBe(201)
      const stored = await storedOrder(placed.id)
      const saved = await addUploads(placed.id, [...stored.uploads!, { audio: uploaded.body.doc.id, description: 'Dein fertiger Song' }])
      expect(saved.status).toBe(200)

      const delivery = await (await testPayload()).findByID({ collection: 'audio', id: uploaded.body.doc.id, depth: 0 })
      expect(delivery).toMatchObject({ purpose: 'delivery', owner: alice.id })

      const listed = (await myOrders(alice)).body.find((candidate: { id: number }) => candidate.id === placed.id)
      expect(listed.uploads).toEqual([
        { id: recording.body.id, file: recording.body.file, description: RECORDING_DESCRIPTION, kind: 'recording' },
        { id: delivery.id, file: expect.stringMatching(/^\/media\/audio\/dein-song.*\.wav$/), description: 'Dein fertiger Song', kind: 'delivery' },
      ])
      const file = listed.uploads[1].file
      expect((await download(file, alice)).status).toBe(200)
      expect((await download(file, bob)).status).toBe(404)
      expect((await download(file, null)).status).toBe(404)
    })

    it('leaves a catalog track added to an order public', async () => {
      const payload = await testPayload()
      const { docs } = await payload.find({ collection: 'tracks', limit: 1, depth: 1 })
      const trackAudio = docs[0]!.audio as { id: number; url: string; owner?: unknown }
      const placed = await order(alice)
      expect((await addUploads(placed.id, [{ audio: trackAudio.id, description: 'Zum Reinhören' }])).status).toBe(200)

      const after = await payload.findByID({ collection: 'audio', id: trackAudio.id, depth: 0 })
      expect(after.purpose).toBe('track')
      expect(after.owner ?? null).toEqual((trackAudio.owner as number | null | undefined) ?? null)
      expect((await download(trackAudio.url, null)).status).toBe(200)
      const listed = (await myOrders(alice)).body.find((candidate: { id: number }) => candidate.id === placed.id)
      expect(listed.uploads).toEqual([{ id: trackAudio.id, file: trackAudio.url, description: 'Zum Reinhören', kind: 'delivery' }])
    })
  })
})
