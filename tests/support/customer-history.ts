import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Order } from '../../payload-types'
import { silentWav } from './audio'
import { getJson, ownLoopbackAddress } from './http'
import { CONSENTS } from './orders'
import { testPayload } from './payload'
import { bearer, createCustomer, type TestCustomer } from './users'

/** A customer with what the GDPR functions deal with: a settled order with recording, invoice and delivery, and a contact message. */
export type CustomerHistory = {
  customer: TestCustomer
  order: Order
  recordingId: number
  recordingFile: string
  deliveryId: number
  deliveryFile: string
  invoiceNumber: string
  contactMarker: string
}

export const audioPath = (filename: string) => path.join(process.env.MEDIA_DIR ?? 'media', 'audio', filename)
export const fileExists = (filename: string) => existsSync(audioPath(filename))

/** Places an order through the storefront API (custom theme, note, billing data, both consents). */
export async function placeOrder(customer: TestCustomer): Promise<Order> {
  const { status, body } = await getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify({
      package: 'vocalbalance',
      theme: 'custom',
      custom_theme: 'Der Garten meiner Großmutter',
      personal_note: 'Für Oma Hilde zum 90. Geburtstag',
      billing_name: 'Erika Muster',
      billing_address: 'Lindenweg 5\n79098 Freiburg',
      ...CONSENTS,
    }),
  })
  if (status !== 201) throw new Error(`order failed: ${status} ${JSON.stringify(body)}`)
  return (await testPayload()).findByID({ collection: 'orders', id: body.id, depth: 0 })
}

export async function uploadRecording(customer: TestCustomer, orderId: number): Promise<number> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(silentWav(0.5))], { type: 'audio/wav' }), 'meine-stimme.wav')
  form.append('description', 'Sprachaufnahme')
  const { status, body } = await getJson(`/api/orders/${orderId}/upload-audio/`, { method: 'POST', headers: bearer(customer), body: form })
  if (status !== 201) throw new Error(`recording upload failed: ${status} ${JSON.stringify(body)}`)
  const { docs } = await (
    await testPayload()
  ).find({
    collection: 'audio',
    where: { and: [{ owner: { equals: customer.id } }, { purpose: { equals: 'recording' } }] },
    sort: '-createdAt',
    limit: 1,
    depth: 0,
  })
  return docs[0]!.id
}

/** The seller's steps: paid (issues the invoice), then the song added to the order's files (delivered). */
export async function payAndDeliver(orderId: number): Promise<number> {
  const payload = await testPayload()
  await payload.update({ collection: 'orders', id: orderId, data: { status: 'paid' } })
  const bytes = silentWav(1)
  const song = await payload.create({
    collection: 'audio',
    data: { purpose: 'delivery', title: 'Dein Song' },
    file: { data: bytes, mimetype: 'audio/wav', name: 'dein-song.wav', size: bytes.length },
  })
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0 })
  await payload.update({
    collection: 'orders',
    id: orderId,
    data: { uploads: [...(order.uploads ?? []), { audio: song.id, description: 'Dein fertiger Song' }] },
  })
  return song.id
}

export async function sendContactMessage(email: string, marker: string): Promise<void> {
  const { status } = await getJson('/api/contact/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Erika Muster', email, message: `Eine Frage zu meinem Song ${marker}` }),
    from: ownLoopbackAddress(),
  })
  if (status !== 201) throw new Error(`contact message failed: ${status}`)
}

/**
 * A customer whose order is completed (confirmed by them), so nothing is open, and whose e-mail
 * address is confirmed: the GDPR functions match contact messages by a confirmed address only.
 */
export async function customerWithHistory(prefix: string): Promise<CustomerHistory> {
  const payload = await testPayload()
  const customer = await createCustomer(prefix)
  await payload.update({ collection: 'users', id: customer.id, data: { email_confirmed_at: new Date().toISOString() } })
  const placed = await placeOrder(customer)
  const recordingId = await uploadRecording(customer, placed.id)
  const deliveryId = await payAndDeliver(placed.id)
  const confirmed = await getJson(`/api/orders/${placed.id}/confirm/`, { method: 'POST', headers: bearer(customer) })
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status}`)
  const contactMarker = `${prefix}-${placed.id}`
  await sendContactMessage(customer.email, contactMarker)

  const order = await payload.findByID({ collection: 'orders', id: placed.id, depth: 0 })
  const recording = await payload.findByID({ collection: 'audio', id: recordingId, depth: 0 })
  const delivery = await payload.findByID({ collection: 'audio', id: deliveryId, depth: 0 })
  const invoice = await payload.findByID({ collection: 'invoices', id: order.invoice as number, depth: 0 })
  return {
    customer,
    order,
    recordingId,
    recordingFile: recording.filename!,
    deliveryId,
    deliveryFile: delivery.filename!,
    invoiceNumber: invoice.number,
    contactMarker,
  }
}
