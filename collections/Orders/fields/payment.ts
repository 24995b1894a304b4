import type { Field } from 'payload'
import { writtenByServer } from '../../access/nobody'
import { DAY_AND_TIME } from '../../fields/dayAndTime'
import { paymentIncidentsField } from './paymentIncidents'
import { component } from './shared'

/** The payment as Stripe reported it, the invoices issued for it and what went wrong with the money. */
export const paymentField: Field = {
  type: 'collapsible',
  label: { de: 'Zahlung und Rechnung', en: 'Payment and invoice' },
  fields: [
    { name: 'paid_at', label: { de: 'Bezahlt am', en: 'Paid on' }, type: 'date', access: writtenByServer, admin: { readOnly: true, date: DAY_AND_TIME } },
    {
      name: 'stripe_checkout_session',
      label: { de: 'Stripe-Checkout-Sitzung', en: 'Stripe Checkout Session' },
      type: 'text',
      access: writtenByServer,
      admin: { readOnly: true },
    },
    {
      // The payment that paid the order, stored when it is applied: only a refund of this payment refunds the order.
      name: 'stripe_payment_intent',
      label: { de: 'Stripe-Zahlung', en: 'Stripe payment' },
      type: 'text',
      index: true,
      access: writtenByServer,
      admin: { readOnly: true },
    },
    { name: 'invoice_links', type: 'ui', admin: { components: { Field: component('InvoiceLinksField') } } },
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
    paymentIncidentsField,
  ],
}
