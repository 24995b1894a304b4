import type { FieldAccess } from 'payload'
import { isAdminUser } from './roles'

/**
 * confirmed_by_user: a customer confirms their order once, and not a cancelled one. The
 * confirmation is one-way for everyone (spec: "There is no reverse"): once set, nobody changes it,
 * so a seller's form opened before the customer confirmed cannot reset it (Payload keeps the
 * stored value of a field the caller may not update).
 */
export const confirmationStillOpen: FieldAccess = ({ req, doc }) => {
  if (doc?.confirmed_by_user === true) return false
  if (isAdminUser(req.user)) return true
  return Boolean(doc) && doc?.status !== 'cancelled'
}
