import { randomBytes } from 'node:crypto'
import { CONTACT_RATE } from '../../src/contact/contact-message'
import { getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { forgetOwnRateLimitHits } from '../support/rate-limits'

describe('contact messages are counted atomically per sender', () => {
  afterAll(async () => {
    await forgetOwnRateLimitHits()
    await closeTestPayload()
  })

  it(`stores exactly ${CONTACT_RATE.perSender} of 20 messages sent at once from one address; the rest get 429`, async () => {
    const sender = ownLoopbackAddress()
    const marker = `ansturm-${randomBytes(4).toString('hex')}`
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        getJson('/api/contact/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Eilig', email: 'eilig@example.com', message: `${marker} ${i}` }),
          from: sender,
        }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(CONTACT_RATE.perSender)
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(20 - CONTACT_RATE.perSender)
    const payload = await testPayload()
    const stored = await payload.find({ collection: 'contact-messages', where: { message: { contains: marker } }, depth: 0 })
    expect(stored.totalDocs).toBe(CONTACT_RATE.perSender)
  })
})
