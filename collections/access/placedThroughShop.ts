import type { Access, FieldAccess } from 'payload'
import { isAdminUser } from './roles'

/** The request context the storefront's order handler sets; Payload's REST cannot set it. */
export const ORDER_FORM_CONTEXT = 'orderForm'

/**
 * Customers place orders only through /api/orders/, which validates every choice against the
 * catalog first; Payload's generic REST endpoint must not be a way around that.
 */
export const placedThroughShop: Access = ({ req }) => isAdminUser(req.user) || req.context?.[ORDER_FORM_CONTEXT] === true

/**
 * What the customer agreed to when ordering (consents, their wording, the language): recorded by
 * the storefront's order handler alone, never set by the seller, never changed afterwards.
 */
export const recordedByOrderForm: { create: FieldAccess; update: FieldAccess } = {
  create: ({ req }) => req.context?.[ORDER_FORM_CONTEXT] === true,
  update: () => false,
}
