import type { FieldAccess } from 'payload'
import { isAdminField } from '../../access/isAdmin'
import { nobodyField } from '../../access/nobody'

/** A customer may change their own order only by confirming it; everything else is the seller's. */
export const sellerOnly: { update: FieldAccess } = { update: isAdminField }

/** The customer's choice that sets the price: recorded when ordering, then fixed (a new price would need a new order). */
export const fixedOnceOrdered: { update: FieldAccess } = { update: nobodyField }

/** The admin's own components for orders (src/components/admin/orders). */
export const component = (name: string) => `/src/components/admin/orders/${name}#${name}`

/** The customer's choice or agreement, shown as text in the order view: the seller reads it, never overwrites it. */
export const shownAsText = { components: { Field: component('ReadOnlyValueField') } }
