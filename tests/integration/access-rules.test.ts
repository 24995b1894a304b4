import { randomBytes } from 'node:crypto'
import { silentWav } from '../support/audio'
import { getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, type TestCustomer } from '../support/users'

/** Access rules are enforced by the collections, so Payload's own REST (/api/cms) obeys them too. */
describe('access rules through Payload REST', () => {
  let alice: TestCustomer
  let bob: TestCustomer

  beforeAll(async () => {
    alice = await createCustomer('alice')
    bob = await createCustomer('bob')
  })
  afterAll(closeTestPayload)

  it('lists only the caller themself among users', async () => {
    const { status, body } = await getJson('/api/cms/users', { headers: bearer(alice) })
    expect(status).toBe(200)
    expect(body.docs.map((user: { id: number }) => user.id)).toEqual([alice.id])
  })

  it("refuses to show another customer's account", async () => {
    const { status } = await getJson(`/api/cms/users/${bob.id}`, { headers: bearer(alice) })
    expect([403, 404]).toContain(status)
  })

  it('shows no user to an anonymous visitor', async () => {
    const { status, body } = await getJson('/api/cms/users')
    expect(status).toBe(403)
    expect(JSON.stringify(body)).not.toContain(alice.email)
  })

  it('does not let a customer make themself an admin', async () => {
    const response = await getJson(`/api/cms/users/${alice.id}`, {
      method: 'PATCH',
      headers: { ...bearer(alice), 'Content-Type': 'application/json' },
      body: JSON.stringify({ role: 'admin' }),
    })
    expect(response.status).toBeLessThan(500)
    const payload = await testPayload()
    const stored = await payload.findByID({ collection: 'users', id: alice.id })
    expect(stored.role).toBe('customer')
  })

  it("does not let a customer change another customer's account", async () => {
    const response = await getJson(`/api/cms/users/${bob.id}`, {
      method: 'PATCH',
      headers: { ...bearer(alice), 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `taken-${bob.email}` }),
    })
    expect([403, 404]).toContain(response.status)
    const payload = await testPayload()
    expect((await payload.findByID({ collection: 'users', id: bob.id })).email).toBe(bob.email)
  })

  it('creates no account through Payload’s REST for a visitor, not even a customer one', async () => {
    const username = `mallory-${randomBytes(4).toString('hex')}`
    const { status } = await getJson('/api/cms/users', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `${username}@example.com`, username, password: 'Long-enough-1', role: 'admin' }),
    })
    expect(status).toBe(403)
    const payload = await testPayload()
    expect((await payload.count({ collection: 'users', where: { username: { equals: username } } })).totalDocs).toBe(0)
  })

  it('keeps the catalog read-only for customers', async () => {
    const response = await getJson('/api/cms/packages', {
      method: 'POST',
      headers: { ...bearer(alice), 'Content-Type': 'application/json' },
      body: JSON.stringify({ slug: 'free', name: 'Free', price: 0, color_class: 'teal' }),
    })
    expect(response.status).toBe(403)
  })

  it('lets anyone read the public catalog', async () => {
    const { status, body } = await getJson('/api/cms/packages?depth=0')
    expect(status).toBe(200)
    expect(body.docs.length).toBeGreaterThan(0)
  })

  it("keeps a customer's private recording away from other customers", async () => {
    const payload = await testPayload()
    const wav = silentWav(0.05)
    const recording = await payload.create({
      collection: 'audio',
      data: { title: 'Aufnahme', purpose: 'recording', owner: alice.id },
      file: { data: wav, mimetype: 'audio/wav', name: `aufnahme-${alice.username}.wav`, size: wav.length },
    })
    const asBob = await getJson(`/api/cms/audio/${recording.id}`, { headers: bearer(bob) })
    expect([403, 404]).toContain(asBob.status)
    const anonymous = await getJson(`/api/cms/audio/${recording.id}`)
    expect([403, 404]).toContain(anonymous.status)
    const asAlice = await getJson(`/api/cms/audio/${recording.id}`, { headers: bearer(alice) })
    expect(asAlice.status).toBe(200)
    expect(asAlice.body.url).toMatch(/^\/media\/audio\//)
  })
})
