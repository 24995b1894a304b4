import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { silentWav } from '../support/audio'
import { BASE_URL, getJson } from '../support/http'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'

/**
 * Files part of issue 8: new audio files are private until the seller marks them as a catalog
 * track; the seller's save cannot undo a customer's confirmation or drop their recording, and a
 * save based on an outdated order is refused; Payload's internal collections are the seller's.
 */

type Caller = { token: string } | null
const auth = (caller: Caller): Record<string, string> => (caller ? bearer(caller) : {})

function sellerUpload(seller: Caller, data: Record<string, unknown> = {}) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(silentWav(1))], { type: 'audio/wav' }), 'lieferung.wav')
  form.append('_payload', JSON.stringify({ title: 'Lieferung', ...data }))
  return getJson('/api/cms/audio', { method: 'POST', headers: auth(seller), body: form })
}

function uploadRecording(caller: Caller, orderId: number) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(silentWav(1))], { type: 'audio/wav' }), 'audio-recording.wav')
  form.append('description', 'Meine Stimme')
  return getJson(`/api/orders/${orderId}/upload-audio/`, { method: 'POST', headers: auth(caller), body: form })
}

const placeOrder = async (customer: TestCustomer) => {
  const { status, body } = await getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', ...CONSENTS }),
  })
  expect(status).toBe(201)
  return body.id as number
}

const patchOrder = (seller: Caller, id: number, data: Record<string, unknown>) =>
  getJson(`/api/cms/orders/${id}`, {
    method: 'PATCH',
    headers: { ...auth(seller), 'Content-Type': 'application/json' },
    body: JSON.stringify(data),
  })

afterAll(closeTestPayload)

describe('files: private by default', () => {
  let seller: { token: string }
  let customer: TestCustomer
  beforeAll(async () => {
    ;[seller, customer] = await Promise.all([loginSeller(), createCustomer('files')])
  })

  it('a new audio upload is private: not listed to visitors, served to nobody else, and never publicly cached', async () => {
    const { status, body } = await sellerUpload(seller)
    expect(status).toBe(201)
    expect(body.doc.purpose).toBe('delivery')
    const { id, filename, url } = body.doc as { id: number; filename: string; url: string }

    for (const caller of [null, customer]) {
      const listed = await getJson(`/api/cms/audio?limit=0&where[id][equals]=${id}`, { headers: auth(caller) })
      expect(listed.body.docs).toEqual([])
      expect((await getJson(`/api/cms/audio/${id}`, { headers: auth(caller) })).status).toBe(404)
      expect((await fetch(BASE_URL + url, { headers: auth(caller) })).status).toBe(404)
    }
    const own = await fetch(BASE_URL + url, { headers: auth(seller) })
    expect(own.status).toBe(200)
    expect(own.headers.get('cache-control')).toBe('private, no-store')
    expect(filename).toMatch(/\.wav$/)
  })

  it('added to an order, the delivery becomes readable by that customer only, still privately cached', async () => {
    const orderId = await placeOrder(customer)
    const { body } = await sellerUpload(seller)
    const saved = await patchOrder(seller, orderId, { uploads: [{ audio: body.doc.id, description: 'Ihr Song' }] })
    expect(saved.status).toBe(200)
    const other = await createCustomer('files-other')
    const file = await fetch(BASE_URL + body.doc.url, { headers: auth(customer) })
    expect(file.status).toBe(200)
    expect(file.headers.get('cache-control')).toBe('private, no-store')
    expect((await fetch(BASE_URL + body.doc.url, { headers: auth(other) })).status).toBe(404)
    expect((await fetch(BASE_URL + body.doc.url)).status).toBe(404)
  })

  it('only a file the seller marks as a catalog track is public, with the long public cache', async () => {
    const { status, body } = await sellerUpload(seller, { purpose: 'track' })
    expect(status).toBe(201)
    const file = await fetch(BASE_URL + body.doc.url)
    expect(file.status).toBe(200)
    expect(file.headers.get('cache-control')).toBe('public, max-age=2592000')
  })
})

/** The seller's steps up to the delivery (server calls): only a delivered song can be confirmed. */
const deliver = async (orderId: number) => {
  for (const status of ['paid', 'delivered'] as const) await (await testPayload()).update({ collection: 'orders', id: orderId, data: { status } })
}

describe("files: the seller's save keeps the customer's actions", () => {
  let seller: { token: string }
  let customer: TestCustomer
  beforeAll(async () => {
    ;[seller, customer] = await Promise.all([loginSeller(), createCustomer('stale')])
  })

  it('a save with an outdated updatedAt is refused with 409 and a clear message; the confirmation stays', async () => {
    const orderId = await placeOrder(customer)
    await deliver(orderId)
    const opened = await getJson(`/api/cms/orders/${orderId}?depth=0`, { headers: auth(seller) })
    expect((await getJson(`/api/orders/${orderId}/confirm/`, { method: 'POST', headers: bearer(customer) })).status).toBe(200)

    const stale = await patchOrder(seller, orderId, { ...opened.body, status: 'refunded' })
    expect(stale.status).toBe(409)
    expect(JSON.stringify(stale.body)).toMatch(/changed in the meantime/)
    const stored = await (await testPayload()).findByID({ collection: 'orders', id: orderId, depth: 0 })
    expect(stored).toMatchObject({ confirmed_by_user: true, status: 'completed' })
    expect(stored.confirmed_at).toBeTruthy()
  })

  it('a save without updatedAt cannot undo a confirmation (one-way for everyone)', async () => {
    const orderId = await placeOrder(customer)
    await deliver(orderId)
    expect((await getJson(`/api/orders/${orderId}/confirm/`, { method: 'POST', headers: bearer(customer) })).status).toBe(200)
    const saved = await patchOrder(seller, orderId, { confirmed_by_user: false })
    expect(saved.status).toBe(200)
    const stored = await (await testPayload()).findByID({ collection: 'orders', id: orderId, depth: 0 })
    expect(stored).toMatchObject({ confirmed_by_user: true, status: 'completed' })
    expect(stored.confirmed_at).toBeTruthy()
  })

  it("a save without updatedAt cannot remove the customer's recording", async () => {
    const orderId = await placeOrder(customer)
    expect((await uploadRecording(customer, orderId)).status).toBe(201)
    const removed = await patchOrder(seller, orderId, { uploads: [] })
    expect(removed.status).toBe(409)
    expect(JSON.stringify(removed.body)).toMatch(/recording cannot be removed/)
    const stored = await (await testPayload()).findByID({ collection: 'orders', id: orderId, depth: 0 })
    expect(stored.uploads).toHaveLength(1)
  })
})

describe("files: Payload's internal collections are the seller's", () => {
  let customer: TestCustomer
  beforeAll(async () => {
    customer = await createCustomer('internal')
  })

  it.each([null, 'customer'] as const)('as %s: no document locks, preferences or migrations', async (who) => {
    const caller = who === 'customer' ? customer : null
    const lock = await getJson('/api/cms/payload-locked-documents', {
      method: 'POST',
      headers: { ...auth(caller), 'Content-Type': 'application/json' },
      body: JSON.stringify({ document: { relationTo: 'orders', value: 1 }, user: { relationTo: 'users', value: customer.id } }),
    })
    expect(lock.status).toBe(403)
    const deleted = await getJson('/api/cms/payload-locked-documents?where[id][exists]=true', { method: 'DELETE', headers: auth(caller) })
    expect(deleted.status).toBe(403)
    for (const slug of ['payload-locked-documents', 'payload-preferences', 'payload-migrations']) {
      const listed = await getJson(`/api/cms/${slug}`, { headers: auth(caller) })
      expect(listed.status).toBeGreaterThanOrEqual(400)
      expect(listed.body?.docs).toBeUndefined()
    }
    const preference = await getJson('/api/cms/payload-preferences/nav', {
      method: 'POST',
      headers: { ...auth(caller), 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: { filler: 'x'.repeat(1000) } }),
    })
    expect(preference.status).toBeGreaterThanOrEqual(400)
  })
})

describe('files: a recording whose upload is rolled back leaves no file', () => {
  let customer: TestCustomer
  beforeAll(async () => {
    customer = await createCustomer('rollback')
  })

  it('a database failure after the file was written removes the file again', async () => {
    const payload = await testPayload()
    const db = (payload.db as unknown as PostgresAdapter).drizzle
    const { AUDIO_DIR } = await import('../../src/config/paths')
    const { readdir } = await import('node:fs/promises')
    const orderId = await placeOrder(customer)
    // A real failure in the database, after Payload stored the file: the order's new upload row is refused.
    await db.execute(
      sql.raw(`
      create or replace function files_test_refuse_upload() returns trigger language plpgsql as
        $$ begin raise exception 'refused for the test'; end $$;
      create trigger files_test_refuse_upload before insert on orders_uploads
        for each row when (new._parent_id = ${orderId}) execute function files_test_refuse_upload();`),
    )
    const before = new Set(await readdir(AUDIO_DIR))
    try {
      const refused = await uploadRecording(customer, orderId)
      expect(refused.status).toBeGreaterThanOrEqual(400)
    } finally {
      await db.execute(sql.raw('drop trigger files_test_refuse_upload on orders_uploads; drop function files_test_refuse_upload();'))
    }
    const added = (await readdir(AUDIO_DIR)).filter((name) => !before.has(name))
    expect(added).toEqual([])
    const { totalDocs } = await payload.count({ collection: 'audio', where: { owner: { equals: customer.id } } })
    expect(totalDocs).toBe(0)
  })
})
