import { randomBytes } from 'node:crypto'
import { getJson } from '../support/http'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'

/**
 * Issue 18, finding 4: createdAt and updatedAt are the server's. A create through Payload's REST
 * gets the server's time whatever it sends; an update keeps the stored createdAt. The server's own
 * Local API calls may still set them (e.g. demo data with past dates).
 */

const FORGED = { createdAt: '2001-01-01T00:00:00.000Z', updatedAt: '2001-01-01T00:00:00.000Z' }

type Caller = { token: string }
const send = (caller: Caller | null, method: string, body: unknown) => ({
  method,
  headers: { ...(caller ? bearer(caller) : {}), 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})

type TimestampedSlug = 'orders' | 'users' | 'gift-links' | 'categories'
const stored = async (collection: TimestampedSlug, id: number) =>
  (await (await testPayload()).findByID({ collection, id, depth: 0 })) as { createdAt: string; updatedAt: string }

/**
 * A PATCH that carries a forged createdAt; whatever it answers, the stored createdAt is the one from
 * before. `sendStoredUpdatedAt`: send back the stored updatedAt, as the admin's order form does for
 * its stale-save check (collections/Orders/hooks/refuseStaleOrderSave.ts), which a forged one would trip (409).
 */
async function expectCreatedAtKept(collection: TimestampedSlug, id: number, caller: Caller, allowedStatuses: number[], sendStoredUpdatedAt = false) {
  const before = await stored(collection, id)
  const body = sendStoredUpdatedAt ? { createdAt: FORGED.createdAt, updatedAt: before.updatedAt } : FORGED
  const answer = await getJson(`/api/cms/${collection}/${id}`, send(caller, 'PATCH', body))
  expect(allowedStatuses).toContain(answer.status)
  const after = await stored(collection, id)
  expect(after.createdAt).toBe(before.createdAt)
  expect(after.updatedAt).not.toBe(FORGED.updatedAt)
  return answer
}

/** A create that carries forged timestamps gets the server's time. */
function expectServerTime(doc: { createdAt: string; updatedAt: string }, startedAt: number) {
  for (const stamp of [doc.createdAt, doc.updatedAt]) {
    expect(stamp).not.toBe(FORGED.createdAt)
    expect(new Date(stamp).getTime()).toBeGreaterThanOrEqual(startedAt - 5_000)
    expect(new Date(stamp).getTime()).toBeLessThanOrEqual(Date.now() + 5_000)
  }
}

describe('no caller-writable timestamps', () => {
  let customer: TestCustomer
  let seller: Caller
  let orderId: number

  beforeAll(async () => {
    ;[customer, seller] = await Promise.all([createCustomer('zeit'), loginSeller()])
    const placed = await getJson('/api/orders/', send(customer, 'POST', { package: 'deepflow', theme: 'inner-peace', ...CONSENTS }))
    expect(placed.status).toBe(201)
    orderId = placed.body.id
  })
  afterAll(closeTestPayload)

  it("orders: neither the customer's nor the seller's PATCH changes createdAt", async () => {
    // The customer may have no REST write access to orders at all (403); createdAt stays either way.
    await expectCreatedAtKept('orders', orderId, customer, [200, 403], true)
    await expectCreatedAtKept('orders', orderId, seller, [200], true)
  })

  it("users: a customer's PATCH of their own account and the seller's PATCH keep createdAt", async () => {
    await expectCreatedAtKept('users', customer.id, customer, [200])
    await expectCreatedAtKept('users', customer.id, seller, [200])
  })

  it("users: an account the seller creates through REST gets the server's time", async () => {
    const startedAt = Date.now()
    const username = `zeit-neu-${randomBytes(4).toString('hex')}`
    const created = await getJson(
      '/api/cms/users',
      send(seller, 'POST', { username, email: `${username}@example.com`, password: `Pw-${randomBytes(8).toString('hex')}`, role: 'customer', ...FORGED }),
    )
    expect(created.status).toBe(201)
    expectServerTime(await stored('users', created.body.doc.id), startedAt)
  })

  it("gift links: the owner's PATCH keeps createdAt", async () => {
    const payload = await testPayload()
    const audio = await payload.find({ collection: 'audio', where: { purpose: { equals: 'track' } }, limit: 1, depth: 0 })
    const link = await payload.create({
      collection: 'gift-links',
      data: { order: orderId, customer: customer.id, audio: audio.docs[0].id, token_hash: randomBytes(32).toString('hex') },
    })
    await expectCreatedAtKept('gift-links', link.id, customer, [200])
  })

  it("catalog (categories): the seller's PATCH keeps createdAt, the seller's create gets the server's time", async () => {
    const startedAt = Date.now()
    const created = await getJson('/api/cms/categories', send(seller, 'POST', { title: `Zeit ${randomBytes(3).toString('hex')}`, ...FORGED }))
    expect(created.status).toBe(201)
    expectServerTime(await stored('categories', created.body.doc.id), startedAt)
    await expectCreatedAtKept('categories', created.body.doc.id, seller, [200])
  })

  it('globals (about): the seller’s save keeps createdAt', async () => {
    const payload = await testPayload()
    const before = await payload.findGlobal({ slug: 'about', depth: 0 })
    const answer = await getJson('/api/cms/globals/about', send(seller, 'POST', FORGED))
    expect(answer.status).toBe(200)
    const after = await payload.findGlobal({ slug: 'about', depth: 0 })
    expect(after.createdAt).toBe(before.createdAt)
    expect(after.updatedAt).not.toBe(FORGED.updatedAt)
  })

  it("the server's own Local API calls still set createdAt (e.g. demo data with past dates)", async () => {
    const payload = await testPayload()
    const created = await payload.create({ collection: 'categories', data: { title: `Alt ${randomBytes(3).toString('hex')}`, createdAt: FORGED.createdAt } })
    expect(new Date(created.createdAt).toISOString()).toBe(FORGED.createdAt)
    const updated = await payload.update({ collection: 'categories', id: created.id, data: { createdAt: '2002-02-02T00:00:00.000Z' } })
    expect(new Date(updated.createdAt).toISOString()).toBe('2002-02-02T00:00:00.000Z')
  })
})
