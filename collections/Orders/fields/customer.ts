import type { Field } from 'payload'
import { component, fixedOnceOrdered } from './shared'

/** Who ordered. */
export const customerField: Field = {
  name: 'customer',
  label: { de: 'Kunde', en: 'Customer' },
  type: 'relationship',
  relationTo: 'users',
  required: true,
  index: true,
  access: fixedOnceOrdered,
  // Customers register in the shop; an order never creates an account.
  // Who ordered is a fact of the order: shown, never changed in the admin.
  admin: { position: 'sidebar', readOnly: true, allowCreate: false, components: { Cell: component('CustomerCell') } },
}
