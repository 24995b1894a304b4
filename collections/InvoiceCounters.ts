import type { CollectionConfig } from 'payload'
import { nobody } from './access/nobody'

/**
 * The last invoice number used per year. src/invoices/invoice-number.ts increments it inside the
 * transaction that issues the invoice, so a rolled-back payment gives its number back: no gaps.
 */
export const InvoiceCounters: CollectionConfig = {
  slug: 'invoice-counters',
  admin: { hidden: true },
  access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'year', type: 'number', required: true, unique: true },
    { name: 'last', type: 'number', required: true },
  ],
}
