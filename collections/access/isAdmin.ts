import type { Access, FieldAccess } from 'payload'
import { isAdminUser } from '../../src/auth/roles'

export const isAdmin: Access = ({ req }) => isAdminUser(req.user)

/** Field-level variant, e.g. only the seller may set a user's role. */
export const isAdminField: FieldAccess = ({ req }) => isAdminUser(req.user)
