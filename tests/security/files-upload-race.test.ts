import { readdir } from 'node:fs/promises'
import pg from 'pg'
import { AUDIO_DIR } from '../../src/config/paths'
import { RECORDING_LIMITS } from '../../src/rules/limits'
import { silentWav } from '../support/audio'
import { getJson } from '../support/http'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, type TestCustomer } from '../support/users'

/**
 * Recording uploads under contention (issue 28, point 2): the file is stored before and outside
 * the customer's lock, then attached in a short locked transaction that checks the limits again.
 * Parallel uploads to one order never pass its limit, never lose one that was answered 201, and a
 * refused one leaves neither its document nor its file behind.
 */

afterAll(closeTestPayload)

const placeOrder = async (customer: TestCustomer) => {
  const { status, body } = await getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', ...CONSENTS }),
  })
  expect({ status, body }).toMatchObject({ status: 201 })
  return body.id as number
}

function uploadRecording(customer: TestCustomer, orderId: number) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(silentWav(1))], { type: 'audio/wav' }), 'audio-recording.wav')
  form.append('description', 'Meine Stimme')
  return getJson(`/api/orders/${orderId}/upload-audio/`, { method: 'POST', headers: bearer(customer), body: form })
}

/** The customer's recordings as stored (documents) and as attached to the order. */
async function recordingsOf(customer: TestCustomer, orderId: number) {
  const payload = await testPayload()
  const { docs } = await payload.find({ collection: 'audio', where: { owner: { equals: customer.id } }, depth: 0, pagination: false })
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0 })
  const attached = (order.uploads ?? []).map((row) => (typeof row.audio === 'object' ? row.audio.id : row.audio))
  return { documents: docs.map((doc) => doc.id).sort(), attached: [...attached].sort() }
}

/**
 * Files that appeared in the media folder since `before` and belong to no audio document (of anyone:
 * the other suites upload beside this one, and Payload numbers clashing names on, so a name does not tell whose it is).
 */
async function filesWithoutDocument(before: Set<string>): Promise<string[]> {
  const added = (await readdir(AUDIO_DIR)).filter((name) => !before.has(name))
  if (added.length === 0) return []
  const payload = await testPayload()
  const { docs } = await payload.find({ collection: 'audio', where: { filename: { in: added } }, select: { filename: true }, depth: 0, pagination: false })
  const documented = new Set(docs.map((doc) => doc.filename))
  return added.filter((name) => !documented.has(name))
}

it(`parallel uploads to one order: at most ${RECORDING_LIMITS.perOrder} attached, every 201 kept, nothing stored for a refused one`, async () => {
  const customer = await createCustomer('upload-race')
  const orderId = await placeOrder(customer)
  const before = new Set(await readdir(AUDIO_DIR))
  const answers = await Promise.all(Array.from({ length: RECORDING_LIMITS.perOrder + 5 }, () => uploadRecording(customer, orderId)))

  const created = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.id as number)
  const refused = answers.filter((answer) => answer.status !== 201)
  // Refused because the order is full, or (with a lock that answers at once) because another upload held it.
  for (const answer of refused) expect({ status: answer.status, detail: typeof answer.body.detail }).toEqual({ status: 409, detail: 'string' })
  expect(created.length).toBeGreaterThanOrEqual(1)
  expect(created.length).toBeLessThanOrEqual(RECORDING_LIMITS.perOrder)

  const stored = await recordingsOf(customer, orderId)
  expect(stored.attached).toEqual([...created].sort())
  expect(stored.documents).toEqual([...created].sort())
  expect(await filesWithoutDocument(before)).toEqual([])
})

it('stores the file while another request holds the order (no lock is held during the upload)', async () => {
  const customer = await createCustomer('upload-unlocked')
  const orderId = await placeOrder(customer)
  const payload = await testPayload()
  const before = new Set(await readdir(AUDIO_DIR))
  const holder = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await holder.connect()
  try {
    // The order's row lock, as a change of the order by someone else holds it.
    await holder.query('begin')
    await holder.query('select id from orders where id = $1 for update', [orderId])
    let answered = false
    const upload = uploadRecording(customer, orderId).finally(() => (answered = true))
    const storedOrAnswered = async () => answered || (await payload.count({ collection: 'audio', where: { owner: { equals: customer.id } } })).totalDocs > 0
    const started = Date.now()
    while (!(await storedOrAnswered())) {
      // The old upload waited for the lock before it stored anything, for as long as the lock was held.
      if (Date.now() - started > 15_000) throw new Error('nothing was stored while the order was locked: the upload waits for the lock first')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await holder.query('rollback')
    const { status, body } = await upload
    // Attached once the lock is free, or refused at once by a lock that does not queue; nothing left over then.
    expect([201, 409]).toContain(status)
    const stored = await recordingsOf(customer, orderId)
    expect(stored.attached).toEqual(status === 201 ? [body.id] : [])
    expect(stored.documents).toEqual(stored.attached)
    expect(await filesWithoutDocument(before)).toEqual([])
  } finally {
    await holder.end()
  }
})
