import type { CollectionConfig } from 'payload'
import { adminOrSelf } from './access/adminOrSelf'
import { anyone } from './access/anyone'
import { isAdmin, isAdminField } from './access/isAdmin'
import { answerLoginErrors, refuseLoginFromBlockedAddress } from './hooks/limitLoginsPerAddress'
import { makeFirstUserAdmin } from './hooks/makeFirstUserAdmin'

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
    maxLoginAttempts: 5,
    lockTime: 10 * 60 * 1000,
    cookies: { sameSite: 'Lax', secure: isProduction && process.env.INSECURE_COOKIES !== 'true' },
  },
  access: {
    admin: ({ req }) => isAdmin({ req }) as boolean,
    create: anyone,
    read: adminOrSelf,
    update: adminOrSelf,
    delete: isAdmin,
  },
  hooks: {
    beforeChange: [makeFirstUserAdmin],
    beforeOperation: [refuseLoginFromBlockedAddress],
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
