import type { FieldAccess } from 'payload'
import { isAdminUser } from './roles'

/**
 * confirmed_by_user: a customer may confirm their order once (spec: "there is no reverse") and
 * not a cancelled one; the seller may correct it either way.
 */
export const confirmationStillOpen: FieldAccess = ({ req, doc }) => {
  if (isAdminUser(req.user)) return true
  return Boolean(doc) && doc?.confirmed_by_user !== true && doc?.status !== 'cancelled'
}
