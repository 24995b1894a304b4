import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import { anonymiseCustomer } from '../../src/gdpr/anonymise'
import { CONSENT_WORDING_VERSION } from '../../src/orders/consent'

const FORMER_CUSTOMER = { username: 'ehemaliger-kunde', email: 'ehemaliger-kunde@example.com' } as const

/**
 * A former customer whose data were anonymised after their order was completed, so the seller
 * sees what stays (the order with billing data, the invoice) under *Kunden*. Nobody can log in
 * as them: the password is never shown and is replaced by the anonymisation anyway.
 */
export async function seedFormerCustomer(payload: Payload): Promise<void> {
  const existing = await payload.count({
    collection: 'users',
    where: { or: [{ username: { equals: FORMER_CUSTOMER.username } }, { anonymised_at: { exists: true } }] },
  })
  if (existing.totalDocs > 0) return
  const customer = await payload.create({
    collection: 'users',
    data: { ...FORMER_CUSTOMER, password: randomBytes(18).toString('base64url'), role: 'customer' },
    depth: 0,
  })
  const consentedAt = new Date().toISOString()
  const order = await payload.create({
    collection: 'orders',
    data: {
      customer: customer.id,
      status: 'pending_payment',
      package: 'soundtouch',
      use_type: 'sleep',
      theme: 'custom',
      custom_theme: 'Das Rauschen der Ostsee',
      personal_note: 'Zum Einschlafen nach der Nachtschicht.',
      payment_method: 'prepayment',
      billing_name: 'Jonas Beispiel',
      billing_address: 'Hafenstraße 12\n24103 Kiel',
      terms_accepted_at: consentedAt,
      early_start_consent_at: consentedAt,
      consent_wording_version: CONSENT_WORDING_VERSION,
      locale: 'de',
    },
    depth: 0,
  })
  // An invented customer: no mails.
  const context = { noMail: true }
  for (const status of ['paid', 'delivered'] as const) await payload.update({ collection: 'orders', id: order.id, data: { status }, depth: 0, context })
  await payload.update({ collection: 'orders', id: order.id, data: { confirmed_by_user: true }, depth: 0, context: { ...context, statusActor: 'customer' } })
  const outcome = await anonymiseCustomer(payload, customer.id)
  if (!outcome.ok) throw new Error(`Could not anonymise the former demo customer: ${outcome.detail}`)
}
