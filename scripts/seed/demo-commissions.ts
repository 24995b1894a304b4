import { readFile } from 'node:fs/promises'
import type { Payload } from 'payload'
import type { Order } from '../../payload-types'
import { fileStore } from '../../src/storage/file-store'
import { CONSENT_WORDING_VERSION } from '../../src/orders/consent'

/** A second demo customer whose orders wait for the seller: they fill the admin's dashboard and order views. */
export const DEMO_COMMISSIONS_CUSTOMER = { username: 'demo-kunde', email: 'demo-kunde@example.com' } as const

const DAY_MS = 24 * 60 * 60 * 1000
// An invented customer: no payment or delivery mails.
const NO_MAIL = { noMail: true }

/** A private copy of a catalog track's music, standing in for a recording or a delivered song. */
async function demoAudio(payload: Payload, ownerId: number, purpose: 'recording' | 'delivery', title: string, name: string, trackIndex: number) {
  const { docs } = await payload.find({ collection: 'audio', where: { purpose: { equals: 'track' } }, sort: 'filename', limit: trackIndex + 1, depth: 0 })
  const source = docs[trackIndex] ?? docs[0]
  if (!source?.filename) return null
  // From the media folder or the bucket, wherever the catalog's files are stored.
  const data = await fileStore().withLocalCopy('audio', source.filename, (filePath) => readFile(filePath))
  if (!data) return null
  return payload.create({
    collection: 'audio',
    data: { title, purpose, owner: ownerId },
    file: { data, mimetype: 'audio/mpeg', name, size: data.length },
    depth: 0,
  })
}

type Placed = Pick<Order, 'package' | 'use_type' | 'theme'> &
  Partial<Pick<Order, 'personal_note' | 'custom_theme' | 'uploads' | 'billing_name' | 'billing_address'>>

async function place(payload: Payload, customerId: number, order: Placed): Promise<number> {
  const consentedAt = new Date().toISOString()
  const placed = await payload.create({
    collection: 'orders',
    data: {
      ...order,
      customer: customerId,
      payment_method: 'prepayment',
      status: 'pending_payment',
      terms_accepted_at: consentedAt,
      early_start_consent_at: consentedAt,
      consent_wording_version: CONSENT_WORDING_VERSION,
      locale: 'de',
    },
    depth: 0,
  })
  return placed.id
}

const step = (payload: Payload, id: number, data: Partial<Order>, actor: 'seller' | 'customer' = 'seller') =>
  payload.update({ collection: 'orders', id, data, depth: 0, context: { ...NO_MAIL, statusActor: actor } })

/**
 * The seller's open work on a fresh shop: a paid order with the customer's voice recording (to
 * compose), one in progress whose due date has passed (overdue), and a delivered song the
 * customer asked to revise. Created once, with the demo customer's password.
 */
export async function seedDemoCommissions(payload: Payload, password: string): Promise<void> {
  const existing = await payload.count({ collection: 'users', where: { username: { equals: DEMO_COMMISSIONS_CUSTOMER.username } } })
  if (existing.totalDocs > 0) return
  const customer = await payload.create({ collection: 'users', data: { ...DEMO_COMMISSIONS_CUSTOMER, password, role: 'customer' }, depth: 0 })

  const recording = await demoAudio(payload, customer.id, 'recording', 'Sprachaufnahme von demo-kunde', 'sprachaufnahme-demo-kunde.mp3', 1)
  const toCompose = await place(payload, customer.id, {
    package: 'vocalbalance',
    use_type: 'yoga',
    theme: 'letting-go',
    personal_note: 'Bitte mit meiner Stimme am Anfang – ich spreche einen kurzen Satz zum Loslassen.',
    // The checkout's optional billing data, as a customer who wants a full invoice gives them.
    billing_name: 'Mara Beispiel',
    billing_address: 'Lindenweg 3\n79098 Freiburg',
    uploads: recording ? [{ audio: recording.id, description: 'Meine Sprachaufnahme' }] : [],
  })
  await step(payload, toCompose, { status: 'paid' })

  const overdue = await place(payload, customer.id, { package: 'soundtouch', use_type: 'sleep', theme: 'deep-sleep' })
  await step(payload, overdue, { status: 'paid' })
  await step(payload, overdue, { status: 'in_progress', paid_at: new Date(Date.now() - 10 * DAY_MS).toISOString() })

  const revised = await place(payload, customer.id, {
    package: 'deepflow',
    use_type: 'meditation',
    theme: 'custom',
    custom_theme: 'Ein Abendritual am See',
  })
  await step(payload, revised, { status: 'paid' })
  const firstVersion = await demoAudio(payload, customer.id, 'delivery', 'Abendritual am See, Fassung 1', 'abendritual-fassung-1.mp3', 2)
  if (firstVersion) await step(payload, revised, { uploads: [{ audio: firstVersion.id, description: 'Erste Fassung' }] })
  await step(payload, revised, { status: 'revision_requested' }, 'customer')
  // The customer's wish, as the order page would have recorded it with the status change.
  await payload.create({
    collection: 'revision-requests',
    data: {
      order: revised,
      customer: customer.id,
      delivery_version: 1,
      message: 'Wunderschön! Könnte das Ende etwas länger ausklingen, mit leisem Wasserplätschern?',
    },
    context: NO_MAIL,
  })
}
