import type { Access } from 'payload'
import { isAdminUser } from '../../src/auth/roles'

/** Users: the seller sees everyone, a customer only their own account. */
export const adminOrSelf: Access = ({ req }) => {
  if (!req.user) return false
  if (isAdminUser(req.user)) return true
  return { id: { equals: req.user.id } }
}
