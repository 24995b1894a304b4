import type { Access } from 'payload'
import { isAdminUser } from '../../src/auth/roles'

/** Records that belong to one customer (`customer` field): the seller sees all, a customer only their own. */
export const adminOrOwnRecord: Access = ({ req }) => {
  if (!req.user) return false
  if (isAdminUser(req.user)) return true
  return { customer: { equals: req.user.id } }
}
