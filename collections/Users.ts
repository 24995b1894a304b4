import type { CollectionConfig } from 'payload'
import { adminOrSelf } from './access/adminOrSelf'
import { isAdmin, isAdminField } from './access/isAdmin'
import { sellerOrRegistration } from './access/sellerOrRegistration'
import { checkResetPassword, endOtherSessionsOnEmailChange, enforceAccountRules, requireCurrentPassword } from './hooks/accountRules'
import { answerLoginErrors, clearDelayOnUnlock, forgetSuccessfulAttempt, limitLoginAttempts } from './hooks/limitLogins'

const isProduction = process.env.NODE_ENV === 'production'

export const Users: CollectionConfig = {
  slug: 'users',
  labels: {
    singular: { de: 'Benutzer', en: 'User' },
    plural: { de: 'Benutzer', en: 'Users' },
  },
  admin: {
    useAsTitle: 'username',
    defaultColumns: ['username', 'email', 'role', 'createdAt'],
    group: { de: 'Verwaltung', en: 'Administration' },
  },
  auth: {
    // Customers log in with their username or their e-mail address (spec section 2).
    loginWithUsername: { allowEmailLogin: true, requireEmail: true },
    tokenExpiration: 60 * 60 * 2,
    // No hard per-account lock: anyone could keep the seller locked out with it. Guessing is
    // slowed by src/auth/login-limit.ts instead (per address, and a growing delay per account).
    maxLoginAttempts: 0,
    cookies: { sameSite: 'Lax', secure: isProduction && process.env.INSECURE_COOKIES !== 'true' },
  },
  access: {
    admin: ({ req }) => isAdmin({ req }) as boolean,
    create: sellerOrRegistration,
    read: adminOrSelf,
    update: adminOrSelf,
    delete: isAdmin,
    unlock: isAdmin,
  },
  hooks: {
    beforeOperation: [limitLoginAttempts, checkResetPassword],
    beforeValidate: [enforceAccountRules, requireCurrentPassword],
    afterChange: [endOtherSessionsOnEmailChange],
    afterLogin: [forgetSuccessfulAttempt],
    afterOperation: [clearDelayOnUnlock],
    afterError: [answerLoginErrors],
  },
  fields: [
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'customer',
      saveToJWT: true,
      options: [
        { value: 'admin', label: { de: 'Verkäufer (Admin)', en: 'Seller (admin)' } },
        { value: 'customer', label: { de: 'Kunde', en: 'Customer' } },
      ],
      // A customer can never make themselves (or anyone) an admin.
      access: { create: isAdminField, update: isAdminField },
    },
  ],
}
