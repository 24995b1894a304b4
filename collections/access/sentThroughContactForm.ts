import type { Access } from 'payload'
import { isAdminUser } from '../../src/auth/roles'

/**
 * Visitors create contact messages only through /api/contact/, which validates, rate-limits and
 * drops bots first; Payload's generic REST endpoint must not be a way around that.
 */
export const sentThroughContactForm: Access = ({ req }) => isAdminUser(req.user) || req.context.contactForm === true
