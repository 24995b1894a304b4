import type { Access } from 'payload'
import { isAdminUser } from '../../src/auth/roles'

/** Invoices: the seller sees every invoice, a customer only those issued to them. */
export const adminOrOwnInvoice: Access = ({ req }) => {
  if (!req.user) return false
  if (isAdminUser(req.user)) return true
  return { customer: { equals: req.user.id } }
}
