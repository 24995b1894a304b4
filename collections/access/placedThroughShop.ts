import type { Access, FieldAccess } from 'payload'

/**
 * Orders are placed only through /api/orders/, which validates every choice against the catalog
 * and records the customer's consents; Payload's generic REST endpoint must not be a way around
 * that. The seller neither: an order made up in the admin would have no consents and no price
 * snapshot, and the admin hides its "create" button when this says no.
 */
export const placedThroughShop: Access = ({ req }) => req.context.orderForm === true

/**
 * What the customer agreed to when ordering (consents, their wording, the language): recorded by
 * the storefront's order handler alone, never set by the seller, never changed afterwards.
 */
export const recordedByOrderForm: { create: FieldAccess; update: FieldAccess } = {
  create: ({ req }) => req.context.orderForm === true,
  update: () => false,
}
