import { silentWav } from '../support/audio'
import { deliverSong, paidOrder, storedOrder } from '../support/deliveries'
import { getJson } from '../support/http'
import { waitForMail } from '../support/mail'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, type TestCustomer } from '../support/users'
import { sendUntilNotBusy } from '../support/busy'

/**
 * Revision requests (POST /api/orders/{id}/revisions/) against the running shop and its real
 * database: only the owner, only a delivered and unconfirmed song, within the package's limit;
 * each request moves the order to "revision requested", the seller's new version back to
 * "delivered", and the versions are numbered.
 */

const WAV = { data: silentWav(1), name: 'song.wav', mimetype: 'audio/wav' }

const askForRevision = (customer: TestCustomer, orderId: number, message: unknown) =>
  getJson(`/api/orders/${orderId}/revisions/`, {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify({ message }),
  })

describe('revision requests', () => {
  let alice: TestCustomer
  let bob: TestCustomer

  beforeAll(async () => {
    ;[alice, bob] = await Promise.all([createCustomer('alice'), createCustomer('bob')])
  })
  afterAll(closeTestPayload)

  it('moves a delivered order to revision_requested, mails the seller, and the new version comes back delivered as version 2', async () => {
    const orderId = await paidOrder(alice, 'vocalbalance')
    const first = await deliverSong(orderId, WAV, 'Erste Fassung')
    const started = new Date()

    const asked = await askForRevision(alice, orderId, 'Bitte etwas mehr Meeresrauschen am Anfang.')
    expect(asked.status).toBe(201)
    expect(asked.body).toMatchObject({ order: orderId, delivery_version: 1, message: 'Bitte etwas mehr Meeresrauschen am Anfang.' })
    const requested = await storedOrder(orderId)
    expect(requested.status).toBe('revision_requested')
    expect(requested.status_history?.at(-1)).toMatchObject({ actor: 'customer', from: 'delivered', to: 'revision_requested' })
    const notice = await waitForMail({
      to: 'kontakt@lina-sommer.example',
      subject: new RegExp(`Überarbeitung gewünscht – Bestellung Nr. ${orderId}`),
      after: started,
    })
    expect(notice.text).toContain('Bitte etwas mehr Meeresrauschen am Anfang.')

    const second = await deliverSong(orderId, WAV, 'Zweite Fassung')
    const delivered = await storedOrder(orderId)
    expect(delivered.status).toBe('delivered')
    const versions = Object.fromEntries((delivered.uploads ?? []).map((row) => [typeof row.audio === 'object' ? row.audio.id : row.audio, row.version]))
    expect(versions).toEqual({ [first]: 1, [second]: 2 })
    // The customer hears about the new version like about the first one.
    await waitForMail({ to: alice.email, subject: /Dein Song ist fertig/, after: started })
  })

  it('refuses a request beyond the revisions the package included (409) and leaves the order delivered', async () => {
    const orderId = await paidOrder(alice, 'soundtouch')
    await deliverSong(orderId, WAV)
    expect((await storedOrder(orderId)).revisions_included).toBe(1)
    expect((await askForRevision(alice, orderId, 'Bitte den Schluss ruhiger.')).status).toBe(201)
    await deliverSong(orderId, WAV, 'Fassung 2')

    const beyond = await askForRevision(alice, orderId, 'Und noch einmal, bitte.')
    expect(beyond.status).toBe(409)
    expect(beyond.body.detail).toMatch(/All revisions included in your package have been used/)
    expect((await storedOrder(orderId)).status).toBe('delivered')
    const payload = await testPayload()
    expect((await payload.count({ collection: 'revision-requests', where: { order: { equals: orderId } } })).totalDocs).toBe(1)
  })

  it('counts two requests sent at once against the limit only once', async () => {
    const orderId = await paidOrder(alice, 'soundtouch')
    await deliverSong(orderId, WAV)
    const answers = await Promise.all([
      sendUntilNotBusy(() => askForRevision(alice, orderId, 'Gleichzeitig, Nummer eins.')),
      sendUntilNotBusy(() => askForRevision(alice, orderId, 'Gleichzeitig, Nummer zwei.')),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
  })

  it("answers another customer's order with 404 and changes nothing", async () => {
    const orderId = await paidOrder(alice)
    await deliverSong(orderId, WAV)
    const foreign = await askForRevision(bob, orderId, 'Das ist gar nicht meine Bestellung.')
    expect(foreign.status).toBe(404)
    expect((await storedOrder(orderId)).status).toBe('delivered')
  })

  it('refuses an order that is not delivered, or already confirmed, with 409', async () => {
    const paid = await paidOrder(alice)
    expect((await askForRevision(alice, paid, 'Noch nicht geliefert, trotzdem?')).status).toBe(409)

    const orderId = await paidOrder(alice)
    await deliverSong(orderId, WAV)
    expect((await getJson(`/api/orders/${orderId}/confirm/`, { method: 'POST', headers: bearer(alice) })).status).toBe(200)
    const afterConfirming = await askForRevision(alice, orderId, 'Doch noch eine Änderung, bitte.')
    expect(afterConfirming.status).toBe(409)
    expect(afterConfirming.body.detail).toMatch(/already confirmed/)
    expect((await storedOrder(orderId)).status).toBe('completed')
  })

  it('refuses a missing, short or overlong message with 400', async () => {
    const orderId = await paidOrder(alice)
    await deliverSong(orderId, WAV)
    for (const message of [undefined, 42, 'kurz', 'x'.repeat(2001)]) {
      const answer = await askForRevision(alice, orderId, message)
      expect(answer.status).toBe(400)
      expect(typeof answer.body.detail).toBe('string')
    }
    expect((await storedOrder(orderId)).status).toBe('delivered')
  })

  it("keeps the customer's requests away from Payload's REST: no create, no update, only their own to read", async () => {
    const orderId = await paidOrder(alice, 'vocalbalance')
    await deliverSong(orderId, WAV)
    const asked = await askForRevision(alice, orderId, 'Bitte eine Spur langsamer.')
    const created = await getJson('/api/cms/revision-requests', {
      method: 'POST',
      headers: { ...bearer(alice), 'Content-Type': 'application/json' },
      body: JSON.stringify({ order: orderId, customer: alice.id, message: 'Am Limit vorbei geschrieben.', delivery_version: 1 }),
    })
    expect(created.status).toBe(403)
    const changed = await getJson(`/api/cms/revision-requests/${asked.body.id}`, {
      method: 'PATCH',
      headers: { ...bearer(alice), 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Nachträglich geändert.' }),
    })
    expect(changed.status).toBe(403)
    expect((await getJson(`/api/cms/revision-requests/${asked.body.id}`, { headers: bearer(bob) })).status).toBe(404)
    expect((await getJson(`/api/cms/revision-requests/${asked.body.id}`, { headers: bearer(alice) })).body.message).toBe('Bitte eine Spur langsamer.')
  })
})
