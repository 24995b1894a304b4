import type { Field } from 'payload'
import { recordedByOrderForm } from '../../access/placedThroughShop'

/**
 * The Idempotency-Key the customer's client sent with the order (POST /api/orders/): a retry with
 * the same key gets this order back instead of placing a second one. Written by the order handler
 * alone; unique per customer (the collection's index). Nothing for the seller to read.
 */
export const idempotencyKeyField: Field = {
  name: 'idempotency_key',
  label: { de: 'Idempotenzschlüssel der Bestellanfrage', en: 'Idempotency key of the order request' },
  type: 'text',
  access: recordedByOrderForm,
  admin: { hidden: true },
}
