// @run-alone: it counts all withdrawals to see that nothing was stored.
import { randomBytes } from 'node:crypto'
import { WITHDRAWAL_LIMITS } from '../../src/rules/limits'
import { getJson, ownLoopbackAddress } from '../support/http'
import { waitForMail } from '../support/mail'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'
import { CONSENTS } from '../support/orders'

/**
 * The online withdrawal function's server side (POST /api/withdrawals/, § 356a BGB) against the
 * running shop and its real database: what is stored, what the sender learns, who may read it.
 */

type Caller = { token: string } | null

/** Each declaration from its own loopback address unless told: the per-sender limit is keyed by the TCP peer. */
const declare = (body: unknown, { caller = null, from = ownLoopbackAddress() }: { caller?: Caller; from?: string } = {}) =>
  getJson('/api/withdrawals/', {
    method: 'POST',
    headers: { ...(caller ? bearer(caller) : {}), 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    from,
  })

const marker = () => `Widerruf ${randomBytes(5).toString('hex')}`

/** An address of its own per declaration: each is mailed its confirmation, and mails to one address are limited. */
const freshEmail = (name = 'mara') => `${name}-${randomBytes(4).toString('hex')}@example.com`

const storedWith = async (details: string) => {
  const { docs } = await (await testPayload()).find({ collection: 'withdrawals', where: { details: { equals: details } }, depth: 0 })
  expect(docs).toHaveLength(1)
  return docs[0]!
}

async function placeOrder(customer: TestCustomer): Promise<number> {
  const placed = await getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify({ package: 'soundtouch', theme: 'inner-peace', ...CONSENTS }),
  })
  expect(placed.status).toBe(201)
  return placed.body.id
}

describe('POST /api/withdrawals/', () => {
  let alice: TestCustomer
  let bob: TestCustomer
  let seller: { token: string }
  let aliceOrder: number

  beforeAll(async () => {
    ;[alice, bob, seller] = await Promise.all([createCustomer('widerruf-a'), createCustomer('widerruf-b'), loginSeller()])
    aliceOrder = await placeOrder(alice)
  })
  afterAll(closeTestPayload)

  it('stores an anonymous declaration with the text as shown and the time of receipt, and answers with both', async () => {
    const details = marker()
    const email = freshEmail()
    const before = Date.now()
    const { status, body } = await declare({ name: ' Mara Muster ', email, order_number: 'Nr. 4711', details, locale: 'de' })
    expect(status).toBe(201)
    const declaration = [
      'Hiermit widerrufe ich den von mir abgeschlossenen Vertrag (Bestellung Nr. 4711).',
      '',
      'Name: Mara Muster',
      `E-Mail: ${email}`,
      'Bestellnummer: 4711',
      `Angaben zum Vertrag: ${details}`,
    ].join('\n')
    expect(body).toEqual({ received_at: expect.any(String), declaration, email, order_number: '4711', locale: 'de' })
    const receivedAt = Date.parse(body.received_at)
    expect(receivedAt).toBeGreaterThanOrEqual(before - 1000)
    expect(receivedAt).toBeLessThanOrEqual(Date.now() + 1000)

    const stored = await storedWith(details)
    expect(stored).toMatchObject({ name: 'Mara Muster', email, order_number: '4711', declaration, locale: 'de', status: 'new' })
    expect(new Date(stored.received_at).toISOString()).toBe(body.received_at)
    expect(stored.order ?? null).toBeNull()
    expect(stored.customer ?? null).toBeNull()
  })

  it('writes the declaration in the language of the form', async () => {
    const details = marker()
    const { status, body } = await declare({ name: 'Mara', email: freshEmail(), order_number: '12', details, locale: 'en' })
    expect(status).toBe(201)
    expect(body.declaration).toMatch(/^I hereby withdraw from the contract concluded by me \(order no\. 12\)\.\n/)
    expect((await storedWith(details)).locale).toBe('en')
  })

  it('links an anonymous declaration to the order only when number and e-mail address belong together, and answers alike either way', async () => {
    const matching = marker()
    const foreign = marker()
    const right = await declare({ name: 'Alice', email: alice.email.toUpperCase(), order_number: String(aliceOrder), details: matching })
    const wrong = await declare({ name: 'Mallory', email: freshEmail('mallory'), order_number: String(aliceOrder), details: foreign })
    expect([right.status, wrong.status]).toEqual([201, 201])
    expect(Object.keys(wrong.body).sort()).toEqual(Object.keys(right.body).sort())
    expect((await storedWith(matching)).order).toBe(aliceOrder)
    expect((await storedWith(foreign)).order ?? null).toBeNull()
  })

  it("links a logged-in customer's declaration to their account, and to the order only when it is theirs", async () => {
    const own = marker()
    const notOwn = marker()
    // An API client may send the number as a JSON number.
    expect((await declare({ name: 'Alice', email: alice.email, order_number: aliceOrder, details: own }, { caller: alice })).status).toBe(201)
    expect((await declare({ name: 'Bob', email: bob.email, order_number: String(aliceOrder), details: notOwn }, { caller: bob })).status).toBe(201)
    expect(await storedWith(own)).toMatchObject({ order: aliceOrder, customer: alice.id })
    const bobs = await storedWith(notOwn)
    expect(bobs.customer).toBe(bob.id)
    expect(bobs.order ?? null).toBeNull()
  })

  it("leaves the order's status alone: the seller decides what follows", async () => {
    const order = await (await testPayload()).findByID({ collection: 'orders', id: aliceOrder, depth: 0 })
    expect(order.status).toBe('pending_payment')
  })

  it.each([
    [{ email: 'a@example.com', order_number: '42' }, 'name_missing', 'name'],
    [{ name: '  ', email: 'a@example.com', order_number: '42' }, 'name_missing', 'name'],
    [{ name: 'A'.repeat(WITHDRAWAL_LIMITS.name + 1), email: 'a@example.com', order_number: '42' }, 'name_too_long', 'name'],
    [{ name: 'A', order_number: '42' }, 'email_missing', 'email'],
    [{ name: 'A', email: 'mara@', order_number: '42' }, 'email_invalid', 'email'],
    [{ name: 'A', email: `${'a'.repeat(WITHDRAWAL_LIMITS.email)}@example.com`, order_number: '42' }, 'email_too_long', 'email'],
    [{ name: 'A', email: 'a@example.com' }, 'order_number_missing', 'order_number'],
    [{ name: 'A', email: 'a@example.com', order_number: 'ABC-42' }, 'order_number_format', 'order_number'],
    [{ name: 'A', email: 'a@example.com', order_number: '0' }, 'order_number_format', 'order_number'],
    [{ name: 'A', email: 'a@example.com', order_number: '1'.repeat(WITHDRAWAL_LIMITS.orderNumber + 1) }, 'order_number_too_long', 'order_number'],
    [{ name: 'A', email: 'a@example.com', order_number: '42', details: 'x'.repeat(WITHDRAWAL_LIMITS.details + 1) }, 'details_too_long', 'details'],
    [{ name: 'A', email: 'a@example.com', order_number: '42', details: 42 }, 'invalid_request', 'details'],
    [{ name: 'A', email: 'a@example.com', order_number: '42', locale: 'fr' }, 'locale_invalid', null],
    [['name', 'email'], 'invalid_request', null],
  ])('refuses %j with 400, a detail, its code and field', async (input, code, field) => {
    const { status, body } = await declare(input)
    expect(status).toBe(400)
    expect(typeof body.detail).toBe('string')
    expect(body.detail.length).toBeGreaterThan(5)
    expect(body).toMatchObject({ code, field })
  })

  it('refuses malformed JSON and a form body, and stores nothing for refused input', async () => {
    const before = await (await testPayload()).count({ collection: 'withdrawals' })
    const malformed = await declare('{"name": ')
    expect(malformed.status).toBe(400)
    expect(malformed.body.detail).toMatch(/JSON/)
    const form = await getJson('/api/withdrawals/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=A&email=a%40example.com&order_number=42',
    })
    expect(form.status).toBe(415)
    expect((await (await testPayload()).count({ collection: 'withdrawals' })).totalDocs).toBe(before.totalDocs)
  })

  it('limits how many declarations one sender can send', async () => {
    const from = ownLoopbackAddress()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await declare({ name: 'Eilig', email: freshEmail('eilig'), order_number: String(100 + i) }, { from })).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    expect((await declare({ name: 'Andere', email: freshEmail('andere'), order_number: '7' })).status).toBe(201)
  })

  it('limits how many declarations go to one e-mail address, from however many senders', async () => {
    const email = freshEmail('ziel')
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await declare({ name: 'Jemand', email: i % 2 ? email.toUpperCase() : email, order_number: String(200 + i) })).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    const refused = await declare({ name: 'Jemand', email, order_number: '206' })
    expect(refused.body).toMatchObject({ code: 'too_many', detail: expect.any(String) })
  })

  describe('mails, sent through a real SMTP server on loopback', () => {
    it('confirms the declaration to the sender at once, with the order number and the time of receipt, and tells the seller', async () => {
      const email = freshEmail()
      const details = marker()
      const { status, body } = await declare({ name: 'Mara Muster', email, order_number: '#31337', details, locale: 'de' })
      expect(status).toBe(201)

      const receipt = await waitForMail({ to: email, subject: /^Eingangsbestätigung: dein Widerruf$/ })
      // An anonymous sender's receipt quotes no free text (tests/security/withdrawal-receipt.test.ts).
      expect(receipt.text).not.toContain(details)
      expect(receipt.text).not.toContain('Mara Muster')
      const shownTime = new Intl.DateTimeFormat('de-DE', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
        timeZone: 'Europe/Berlin',
      }).format(new Date(body.received_at))
      expect(receipt.text).toContain(`Eingegangen am: ${shownTime}`)
      expect(receipt.text).toContain('Hiermit widerrufe ich den von mir abgeschlossenen Vertrag (Bestellung Nr. 31337).')

      const settings = await (await testPayload()).findGlobal({ slug: 'settings' })
      const notice = await waitForMail({ to: settings.email, subject: /^Widerruf zu Bestellung Nr\. 31337$/ })
      expect(notice.replyTo).toContain(email)
      expect(notice.text).toContain('Mara Muster')
      expect(notice.text).toContain('keine Bestellung')
      const stored = await storedWith(details)
      expect(notice.text).toContain(`/admin/collections/withdrawals/${stored.id}`)
    })

    it('writes the confirmation in the language of the form', async () => {
      const email = freshEmail('mara-en')
      expect((await declare({ name: 'Mara', email, order_number: '31338', locale: 'en' })).status).toBe(201)
      const receipt = await waitForMail({ to: email, subject: /^Confirmation of receipt: your withdrawal$/ })
      expect(receipt.text).toContain('I hereby withdraw from the contract concluded by me (order no. 31338).')
      expect(receipt.text).toMatch(/Received on: \d{1,2} [A-Za-z]+ \d{4} at \d{2}:\d{2} (CET|CEST)/)
    })
  })

  describe("Payload's REST API (/api/cms/withdrawals)", () => {
    let withdrawalId: number

    beforeAll(async () => {
      const details = marker()
      expect((await declare({ name: 'Alice', email: alice.email, order_number: String(aliceOrder), details }, { caller: alice })).status).toBe(201)
      withdrawalId = (await storedWith(details)).id
    })

    it('lets nobody create a declaration around the form, the seller included', async () => {
      const data = JSON.stringify({
        received_at: new Date().toISOString(),
        name: 'Umweg',
        email: 'u@example.com',
        order_number: '1',
        declaration: 'x',
        locale: 'de',
      })
      for (const caller of [null, alice, seller]) {
        const { status } = await getJson('/api/cms/withdrawals', {
          method: 'POST',
          headers: { ...(caller ? bearer(caller) : {}), 'Content-Type': 'application/json' },
          body: data,
        })
        expect(status).toBe(403)
      }
    })

    it('keeps declarations from visitors and customers, also their own', async () => {
      expect((await getJson('/api/cms/withdrawals')).status).toBe(403)
      expect((await getJson('/api/cms/withdrawals', { headers: bearer(bob) })).status).toBe(403)
      expect((await getJson(`/api/cms/withdrawals/${withdrawalId}`, { headers: bearer(bob) })).status).toBe(403)
      expect((await getJson(`/api/cms/withdrawals/${withdrawalId}`, { headers: bearer(alice) })).status).toBe(403)
      // Nor through the order: the customer reads it without its withdrawals.
      const order = await getJson(`/api/cms/orders/${aliceOrder}`, { headers: bearer(alice) })
      expect(order.status).toBe(200)
      expect(order.body.withdrawals).toBeUndefined()
    })

    it('shows the seller the declaration, also with its order, and lets them mark it handled but not change what was declared', async () => {
      const read = await getJson(`/api/cms/withdrawals/${withdrawalId}?depth=0`, { headers: bearer(seller) })
      expect(read.status).toBe(200)
      expect(read.body).toMatchObject({ name: 'Alice', order: aliceOrder, customer: alice.id, status: 'new' })
      expect(read.body.declaration).toContain(`Bestellung Nr. ${aliceOrder}`)

      const order = await getJson(`/api/cms/orders/${aliceOrder}?depth=0`, { headers: bearer(seller) })
      expect(order.body.withdrawals.docs).toContain(withdrawalId)

      const update = await getJson(`/api/cms/withdrawals/${withdrawalId}`, {
        method: 'PATCH',
        headers: { ...bearer(seller), 'Content-Type': 'application/json' },
        body: JSON.stringify({
          status: 'handled',
          seller_note: 'Erstattet am 24.11.',
          declaration: 'geändert',
          name: 'Jemand',
          received_at: '2020-01-01T00:00:00.000Z',
        }),
      })
      expect(update.status).toBe(200)
      const stored = await (await testPayload()).findByID({ collection: 'withdrawals', id: withdrawalId, depth: 0 })
      expect(stored).toMatchObject({ status: 'handled', seller_note: 'Erstattet am 24.11.', name: 'Alice' })
      expect(stored.declaration).toContain(`Bestellung Nr. ${aliceOrder}`)
      expect(stored.received_at).toBe(read.body.received_at)
    })

    it('lets no customer change a declaration', async () => {
      const { status } = await getJson(`/api/cms/withdrawals/${withdrawalId}`, {
        method: 'PATCH',
        headers: { ...bearer(alice), 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'handled' }),
      })
      expect(status).toBe(403)
    })
  })
})
