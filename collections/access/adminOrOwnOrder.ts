import type { Access } from 'payload'
import { isAdminUser } from '../../src/auth/roles'

/** Orders: the seller sees and edits every order, a customer only their own. */
export const adminOrOwnOrder: Access = ({ req }) => {
  if (!req.user) return false
  if (isAdminUser(req.user)) return true
  return { customer: { equals: req.user.id } }
}
