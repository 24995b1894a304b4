import type { Access } from 'payload'
import { isAdminUser } from './roles'

/** The request context the storefront's order handler sets; Payload's REST cannot set it. */
export const ORDER_FORM_CONTEXT = 'orderForm'

/**
 * Customers place orders only through /api/orders/, which validates every choice against the
 * catalog first; Payload's generic REST endpoint must not be a way around that.
 */
export const placedThroughShop: Access = ({ req }) => isAdminUser(req.user) || req.context?.[ORDER_FORM_CONTEXT] === true
