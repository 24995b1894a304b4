import type { Field } from 'payload'
import { writtenByServer } from '../access/nobody'
import { DAY_AND_TIME } from './dayAndTime'

/** When it was paid and through which Stripe session and payment: an order's and a purchase's, written by the server alone. */
export const stripePaymentFields: Field[] = [
  { name: 'paid_at', label: { de: 'Bezahlt am', en: 'Paid on' }, type: 'date', access: writtenByServer, admin: { readOnly: true, date: DAY_AND_TIME } },
  {
    name: 'stripe_checkout_session',
    label: { de: 'Stripe-Checkout-Sitzung', en: 'Stripe Checkout Session' },
    type: 'text',
    access: writtenByServer,
    admin: { readOnly: true },
  },
  {
    // The payment that paid it, stored when it is applied: only a refund of this payment refunds it.
    name: 'stripe_payment_intent',
    label: { de: 'Stripe-Zahlung', en: 'Stripe payment' },
    type: 'text',
    index: true,
    access: writtenByServer,
    admin: { readOnly: true },
  },
]

/** The invoice issued at payment and the cancellation invoice of a refund (collection invoices), written by the server alone. */
export const invoiceFields: Field[] = [
  {
    name: 'invoice',
    label: { de: 'Rechnung', en: 'Invoice' },
    type: 'relationship',
    relationTo: 'invoices',
    access: writtenByServer,
    admin: { readOnly: true },
  },
  {
    name: 'cancellation_invoice',
    label: { de: 'Stornorechnung', en: 'Cancellation invoice' },
    type: 'relationship',
    relationTo: 'invoices',
    access: writtenByServer,
    admin: { readOnly: true },
  },
]
