import type { CollectionConfig } from 'payload'
import { adminOrOwnInvoice } from './access/adminOrOwnInvoice'
import { nobody, nobodyField } from './access/nobody'

const readOnly = { readOnly: true } as const

/**
 * Invoices (§ 14 UStG) and cancellation invoices, issued by the server when an order is paid or
 * refunded, numbered without gaps (src/invoices/invoice-number.ts). Never edited or regenerated:
 * the PDF made at issue time is kept in the database with its data and served as it was.
 */
export const Invoices: CollectionConfig = {
  slug: 'invoices',
  labels: {
    singular: { de: 'Rechnung', en: 'Invoice' },
    plural: { de: 'Rechnungen', en: 'Invoices' },
  },
  defaultSort: '-number',
  admin: {
    useAsTitle: 'number',
    defaultColumns: ['number', 'kind', 'order', 'total', 'issued_at'],
    group: { de: 'Shop', en: 'Shop' },
    description: {
      de: 'Rechnungen entstehen automatisch bei Zahlungseingang, Stornorechnungen bei einer Erstattung. Sie lassen sich nicht ändern.',
      en: 'Invoices are issued automatically when a payment arrives, cancellation invoices on a refund. They cannot be changed.',
    },
  },
  access: { read: adminOrOwnInvoice, create: nobody, update: nobody, delete: nobody },
  // One invoice and at most one cancellation invoice per sale (§ 14c UStG: a second invoice for the
  // same sale would owe its VAT twice). The database refuses a second one, whatever races to issue it.
  indexes: [
    { fields: ['order', 'kind'], unique: true },
    { fields: ['purchase', 'kind'], unique: true },
  ],
  fields: [
    { name: 'number', label: { de: 'Rechnungsnummer', en: 'Invoice number' }, type: 'text', required: true, unique: true, admin: readOnly },
    {
      name: 'kind',
      label: { de: 'Art', en: 'Kind' },
      type: 'select',
      required: true,
      options: [
        { value: 'invoice', label: { de: 'Rechnung', en: 'Invoice' } },
        { value: 'cancellation', label: { de: 'Stornorechnung', en: 'Cancellation invoice' } },
      ],
      admin: readOnly,
    },
    // What was sold: a commissioned song (order) or recorded music and tips (purchase); exactly one of them.
    { name: 'order', label: { de: 'Bestellung', en: 'Order' }, type: 'relationship', relationTo: 'orders', index: true, admin: readOnly },
    { name: 'purchase', label: { de: 'Musikkauf', en: 'Music purchase' }, type: 'relationship', relationTo: 'purchases', index: true, admin: readOnly },
    { name: 'customer', label: { de: 'Kunde', en: 'Customer' }, type: 'relationship', relationTo: 'users', required: true, index: true, admin: readOnly },
    { name: 'cancels', label: { de: 'Storniert Rechnung', en: 'Cancels invoice' }, type: 'relationship', relationTo: 'invoices', admin: readOnly },
    { name: 'issued_at', label: { de: 'Rechnungsdatum', en: 'Invoice date' }, type: 'date', required: true, admin: readOnly },
    { name: 'supplied_at', label: { de: 'Leistungsdatum', en: 'Date of supply' }, type: 'date', required: true, admin: readOnly },
    { name: 'total', label: { de: 'Gesamtbetrag (EUR)', en: 'Total (EUR)' }, type: 'number', required: true, admin: readOnly },
    { name: 'vat_amount', label: { de: 'Umsatzsteuer (EUR)', en: 'VAT (EUR)' }, type: 'number', required: true, admin: readOnly },
    { name: 'vat_rate', label: { de: 'Steuersatz (%)', en: 'VAT rate (%)' }, type: 'number', required: true, admin: readOnly },
    {
      // The PDF as issued, base64; served by /api/invoices/{id}.pdf to the customer and the seller.
      name: 'pdf',
      type: 'textarea',
      required: true,
      access: { read: nobodyField, update: nobodyField },
      admin: { hidden: true },
    },
  ],
}
