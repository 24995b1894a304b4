import type { Access } from 'payload'
import { isAdminUser } from '../../src/auth/roles'

/**
 * Changing an order: the seller (admin panel, status buttons, deliveries). A customer changes
 * their own order only through the storefront's calls of the order page (confirm, revision,
 * recording upload), which check the step under the order's lock and set the request context
 * Payload's REST cannot set; a customer's PATCH through Payload's REST is refused.
 */
export const sellerOrOwnOrderThroughShop: Access = ({ req }) => {
  if (isAdminUser(req.user)) return true
  if (!req.user) return false
  const throughShop = req.context.orderPage === true || req.context.recordingUpload === true
  return throughShop ? { customer: { equals: req.user.id } } : false
}
