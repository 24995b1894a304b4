import { silentWav } from '../support/audio'
import { getJson } from '../support/http'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, type TestCustomer } from '../support/users'
import { sendUntilNotBusy } from '../support/busy'

/** Files part of issue 8: what one customer account may fill (defaults in docs/operations.md, "Configuration"). */

const placeOrder = (customer: TestCustomer) =>
  getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify({ package: 'deepflow', theme: 'inner-peace', ...CONSENTS }),
  })

function uploadRecording(customer: TestCustomer, orderId: number, description = 'Stimme') {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(silentWav(1))], { type: 'audio/wav' }), 'audio-recording.wav')
  form.append('description', description)
  return getJson(`/api/orders/${orderId}/upload-audio/`, { method: 'POST', headers: bearer(customer), body: form })
}

describe('files: limits per customer', () => {
  afterAll(closeTestPayload)

  it('refuses a sixth open unpaid order with 429 and a detail; a paid one frees a place', async () => {
    const customer = await createCustomer('orders-limit')
    const placed = []
    for (let i = 0; i < 5; i++) {
      const { status, body } = await placeOrder(customer)
      expect(status).toBe(201)
      placed.push(body.id as number)
    }
    const refused = await placeOrder(customer)
    expect(refused.status).toBe(429)
    expect(refused.body.detail).toMatch(/unpaid orders/)
    const payload = await testPayload()
    expect(await payload.count({ collection: 'orders', where: { customer: { equals: customer.id } } })).toMatchObject({ totalDocs: 5 })

    await payload.update({ collection: 'orders', id: placed[0]!, data: { status: 'paid' } })
    expect((await placeOrder(customer)).status).toBe(201)
  })

  it('a parallel burst of orders does not pass the limit', async () => {
    const customer = await createCustomer('orders-burst')
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendUntilNotBusy(() => placeOrder(customer))))
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5)
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5)
  })

  it("refuses a recording beyond the customer's storage allowance (100 MB across all orders) with 413", async () => {
    const customer = await createCustomer('storage-limit')
    const first = await placeOrder(customer)
    expect((await uploadRecording(customer, first.body.id)).status).toBe(201)
    // Stands for 100 MB of earlier recordings without writing them: the stored size is what counts.
    const payload = await testPayload()
    await payload.update({
      collection: 'audio',
      where: { owner: { equals: customer.id } },
      data: { filesize: 100 * 1024 * 1024 - 1000 },
    })
    const second = await placeOrder(customer)
    const refused = await uploadRecording(customer, second.body.id)
    expect(refused.status).toBe(413)
    expect(refused.body.detail).toMatch(/100 MB/)
    expect(await payload.count({ collection: 'audio', where: { owner: { equals: customer.id } } })).toMatchObject({ totalDocs: 1 })
  })

  it('refuses a description with control characters with 400 (PostgreSQL cannot store NUL)', async () => {
    const customer = await createCustomer('nul-description')
    const order = await placeOrder(customer)
    const refused = await uploadRecording(customer, order.body.id, 'a\u0000b')
    expect(refused.status).toBe(400)
    expect(refused.body.detail).toMatch(/control characters/)
  })
})
