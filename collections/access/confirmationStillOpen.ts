import type { FieldAccess } from 'payload'
import { isAdminUser } from '../../src/auth/roles'

/**
 * confirmed_by_user: a customer confirms their order once, and not a cancelled one. The
 * confirmation is one-way for everyone (spec: "There is no reverse"): once set, nobody changes it,
 * so a seller's form opened before the customer confirmed cannot reset it (Payload keeps the
 * stored value of a field the caller may not update). It is the customer's word alone: the
 * seller sees it but never sets it.
 */
export const confirmationStillOpen: FieldAccess = ({ req, doc }) => {
  if (doc?.confirmed_by_user === true || isAdminUser(req.user)) return false
  return Boolean(doc) && doc?.status !== 'cancelled'
}
