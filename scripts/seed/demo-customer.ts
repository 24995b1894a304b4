import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Payload } from 'payload'
import type { Order } from '../../payload-types'
import { fileStore } from '../../src/storage/file-store'
import { CONSENT_WORDING_VERSION } from '../../src/orders/consent'

export const DEMO_CUSTOMER = { username: 'demo-kundin', email: 'demo-kundin@example.com' } as const

export type DemoCustomerLogin = { username: string; password: string }

type DemoOrder = Pick<Order, 'package' | 'use_type' | 'theme' | 'payment_method' | 'status'> &
  Partial<Pick<Order, 'custom_theme' | 'personal_note' | 'spotify_option'>> & { delivered?: boolean }

/** One order in each state a customer meets: delivered and waiting for the "happy" button, done, unpaid. */
const DEMO_ORDERS: DemoOrder[] = [
  {
    package: 'deepflow',
    use_type: 'meditation',
    theme: 'inner-peace',
    personal_note: 'Für meine Morgenmeditation am offenen Fenster – gern mit Vogelstimmen und sanften Klangschalen.',
    spotify_option: true,
    payment_method: 'prepayment',
    status: 'delivered',
    delivered: true,
  },
  { package: 'soundtouch', use_type: 'sleep', theme: 'deep-sleep', payment_method: 'paypal', status: 'completed' },
  {
    package: 'vocalbalance',
    use_type: 'birthday-gift',
    theme: 'custom',
    custom_theme: 'Ein Lied zum 60. Geburtstag meiner Mutter',
    personal_note: 'Sie liebt das Meer und den Norden.',
    payment_method: 'prepayment',
    status: 'pending_payment',
  },
]

/** A finished song for the delivered demo order: the first catalog track's music, private to the customer. */
async function demoDelivery(payload: Payload, customerId: number) {
  const { docs } = await payload.find({ collection: 'audio', where: { purpose: { equals: 'track' } }, sort: 'filename', limit: 1, depth: 0 })
  const source = docs[0]
  if (!source?.filename) return null
  // From the media folder or the bucket, wherever the catalog's files are stored.
  const data = await fileStore().withLocalCopy('audio', source.filename, (filePath) => readFile(filePath))
  if (!data) return null
  return payload.create({
    collection: 'audio',
    data: { title: 'Wunschsong für demo-kundin', purpose: 'delivery', owner: customerId },
    file: { data, mimetype: 'audio/mpeg', name: 'wunschsong-demo-kundin.mp3', size: data.length },
    depth: 0,
  })
}

/**
 * A demo customer with orders, so the account page has something to show on a fresh shop. Its
 * password comes from DEMO_CUSTOMER_PASSWORD or is generated and printed once at start.
 * Returns the login when the account was created now, else null.
 */
export async function seedDemoCustomer(payload: Payload): Promise<DemoCustomerLogin | null> {
  const existing = await payload.count({ collection: 'users', where: { username: { equals: DEMO_CUSTOMER.username } } })
  if (existing.totalDocs > 0) return null
  const password = process.env.DEMO_CUSTOMER_PASSWORD || randomBytes(9).toString('base64url')
  const customer = await payload.create({ collection: 'users', data: { ...DEMO_CUSTOMER, password, role: 'customer' }, depth: 0 })
  const delivery = await demoDelivery(payload, customer.id)
  for (const { delivered, status, ...order } of DEMO_ORDERS) {
    const uploads = delivered && delivery ? [{ audio: delivery.id, description: 'Dein fertiger Song – viel Freude damit!' }] : []
    // Placed in German with both checkboxes ticked, as the checkout records every order.
    const consentedAt = new Date().toISOString()
    const placed = await payload.create({
      collection: 'orders',
      data: {
        ...order,
        status: 'pending_payment',
        customer: customer.id,
        uploads,
        terms_accepted_at: consentedAt,
        early_start_consent_at: consentedAt,
        consent_wording_version: CONSENT_WORDING_VERSION,
        locale: 'de',
      },
      depth: 0,
    })
    await walkToStatus(payload, placed.id, status)
  }
  return { username: DEMO_CUSTOMER.username, password }
}

/**
 * Moves a demo order along the life cycle as it would really go, so it gets its status history
 * and, once paid, its invoice: the seller's steps, then the customer's confirmation.
 */
async function walkToStatus(payload: Payload, orderId: number, target: Order['status']): Promise<void> {
  const sellerSteps: Partial<Record<Order['status'], Order['status'][]>> = { delivered: ['paid', 'delivered'], completed: ['paid', 'delivered'] }
  // An invented customer: no payment or delivery mails.
  const context = { noMail: true }
  for (const status of sellerSteps[target] ?? []) await payload.update({ collection: 'orders', id: orderId, data: { status }, depth: 0, context })
  if (target === 'completed') {
    await payload.update({ collection: 'orders', id: orderId, data: { confirmed_by_user: true }, depth: 0, context: { ...context, statusActor: 'customer' } })
  }
}
