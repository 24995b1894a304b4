import { getJson } from './http'
import { CONSENTS } from './orders'
import { testPayload } from './payload'
import { bearer, type TestCustomer } from './users'

export type AudioFile = { data: Buffer; name: string; mimetype: string }

/** A customer's order placed through the shop and paid (the seller's step), not yet delivered. */
export async function paidOrder(customer: TestCustomer, pkg = 'soundtouch'): Promise<number> {
  const placed = await getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify({ package: pkg, use_type: 'meditation', theme: 'inner-peace', payment_method: 'prepayment', ...CONSENTS }),
  })
  if (placed.status !== 201) throw new Error(`placing the order failed: ${placed.status} ${JSON.stringify(placed.body)}`)
  const payload = await testPayload()
  await payload.update({ collection: 'orders', id: placed.body.id, data: { status: 'paid' }, depth: 0 })
  return placed.body.id
}

/**
 * The seller delivers a (new version of the) song as the admin panel does: a private audio file
 * added to the order's files, which marks the order delivered. Returns the audio file's id.
 */
export async function deliverSong(orderId: number, file: AudioFile, description = 'Dein Song'): Promise<number> {
  const payload = await testPayload()
  const audio = await payload.create({
    collection: 'audio',
    data: { title: description, purpose: 'delivery' },
    file: { data: file.data, name: file.name, mimetype: file.mimetype, size: file.data.length },
    depth: 0,
  })
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0 })
  const kept = (order.uploads ?? []).map(({ id, audio, description }) => ({ id, audio, description }))
  await payload.update({ collection: 'orders', id: orderId, data: { uploads: [...kept, { audio: audio.id, description }] }, depth: 0 })
  return audio.id
}

export const storedOrder = async (id: number) => (await testPayload()).findByID({ collection: 'orders', id, depth: 0 })
