import { randomBytes } from 'node:crypto'
import { CONTACT_LIMITS } from '../../src/rules/limits'
import { getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'

/** Each call from its own loopback address unless told: the per-sender limit is keyed by the TCP peer. */
const post = (body: unknown, sender = ownLoopbackAddress(), language = 'en') =>
  getJson('/api/contact/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    from: sender,
  })

const storedWith = async (marker: string) => {
  const payload = await testPayload()
  return payload.find({ collection: 'contact-messages', where: { message: { contains: marker } }, depth: 0 })
}

describe('POST /api/contact/', () => {
  afterAll(closeTestPayload)

  it('stores a complete message for the seller', async () => {
    const marker = randomBytes(6).toString('hex')
    const { status, body } = await post({ name: 'Mara', email: 'mara@example.com', message: `Hallo ${marker}` })
    expect(status).toBe(201)
    expect(typeof body.detail).toBe('string')
    const stored = await storedWith(marker)
    expect(stored.docs).toHaveLength(1)
    expect(stored.docs[0]).toMatchObject({ name: 'Mara', email: 'mara@example.com', status: 'new' })
  })

  it('works without the trailing slash too', async () => {
    const response = await getJson('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ole', email: 'ole@example.com', message: 'Moin' }),
      from: ownLoopbackAddress(),
    })
    expect(response.status).toBe(201)
  })

  it.each([
    [{ email: 'a@example.com', message: 'x' }, /name/],
    [{ name: 'A', message: 'x' }, /email/],
    [{ name: 'A', email: 'a@example.com', message: '   ' }, /message/],
    [{ name: 'A', email: 'not-an-address', message: 'x' }, /e-mail/i],
    [{ name: 'A'.repeat(CONTACT_LIMITS.name + 1), email: 'a@example.com', message: 'x' }, /too long/],
    [['name', 'email'], /JSON object/],
  ])('refuses %j with 400 and a detail', async (input, detail) => {
    const { status, body } = await post(input)
    expect(status).toBe(400)
    expect(body.detail).toMatch(detail)
  })

  it('explains a refusal in the language of the page that sent it', async () => {
    const { status, body } = await post({ name: 'A', email: 'keine-adresse', message: 'x' }, ownLoopbackAddress(), 'de')
    expect(status).toBe(400)
    expect(body.detail).toBe('Bitte gib eine gültige E-Mail-Adresse an.')
    expect((await post({ name: 'A', message: 'x' }, ownLoopbackAddress(), 'de')).body.detail).toBe('Bitte fülle alle notwendigen Felder aus: E-Mail.')
  })

  it('refuses malformed JSON with 400', async () => {
    const { status, body } = await post('{"name": ')
    expect(status).toBe(400)
    expect(body.detail).toMatch(/JSON/)
  })

  it('answers a bot that fills the hidden field like a person, and stores nothing', async () => {
    const marker = randomBytes(6).toString('hex')
    const { status } = await post({ name: 'Bot', email: 'bot@example.com', message: marker, website: 'http://spam.example' })
    expect(status).toBe(201)
    expect((await storedWith(marker)).docs).toHaveLength(0)
  })

  it('limits how many messages one sender can send', async () => {
    const sender = ownLoopbackAddress()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push((await post({ name: 'Eilig', email: 'eilig@example.com', message: `Nachricht ${i}` }, sender)).status)
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201])
    expect(statuses[5]).toBe(429)
    const other = await post({ name: 'Andere', email: 'andere@example.com', message: 'Hallo' })
    expect(other.status).toBe(201)
  })

  it("cannot be bypassed through Payload's REST endpoint", async () => {
    const { status } = await getJson('/api/cms/contact-messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Umweg', email: 'umweg@example.com', message: 'x', status: 'new' }),
    })
    expect(status).toBe(403)
  })

  it('keeps messages away from visitors', async () => {
    const { status } = await getJson('/api/cms/contact-messages')
    expect(status).toBe(403)
  })
})
