import type { Access, FieldAccess } from 'payload'
import { isAdminUser } from '../../src/auth/roles'

/**
 * Accounts are created by the seller or by the storefront's registration, which checks the
 * registration limit first; Payload's generic REST endpoint must not be a way around that.
 */
export const sellerOrRegistration: Access = ({ req }) => isAdminUser(req.user) || req.context.registrationForm === true

/** Field-level variant: a value only the seller or the registration sets, e.g. the account's language. */
export const sellerOrRegistrationField: FieldAccess = ({ req }) => isAdminUser(req.user) || req.context.registrationForm === true
