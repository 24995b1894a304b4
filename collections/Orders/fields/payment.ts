import type { Field } from 'payload'
import { invoiceFields, stripePaymentFields } from '../../fields/payment'
import { paymentIncidentsField } from './paymentIncidents'
import { component } from './shared'

/** The payment as Stripe reported it, the invoices issued for it and what went wrong with the money. */
export const paymentField: Field = {
  type: 'collapsible',
  label: { de: 'Zahlung und Rechnung', en: 'Payment and invoice' },
  fields: [
    ...stripePaymentFields,
    { name: 'invoice_links', type: 'ui', admin: { components: { Field: component('InvoiceLinksField') } } },
    ...invoiceFields,
    paymentIncidentsField,
  ],
}
