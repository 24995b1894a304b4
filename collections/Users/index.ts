import type { CollectionConfig } from 'payload'
import { adminOrSelf } from '../access/adminOrSelf'
import { isAdmin, isAdminField } from '../access/isAdmin'
import { nobodyField } from '../access/nobody'
import { sellerOrRegistration, sellerOrRegistrationField } from '../access/sellerOrRegistration'
import { checkResetPassword, endOtherSessionsOnEmailChange, enforceAccountRules, requireCurrentPassword } from './hooks/accountRules'
import { mailConfirmationLink, startEmailConfirmation } from './hooks/emailConfirmation'
import { answerLoginErrors, clearDelayOnUnlock, forgetSuccessfulAttempt, limitLoginAttempts } from './hooks/limitLogins'
import { endResetOnCredentialChange, onlyThroughShopPasswordReset, storeResetTokenHashed } from './hooks/passwordReset'
import { anonymiseCustomerEndpoint, exportCustomerDataEndpoint } from './endpoints/customerData'
import { sessionWriteEndpoints } from './endpoints/sessionWrites'
import { lockAccountOfLogin, lockAccountsOfWrite } from './hooks/lockAccount'
import { DAY_AND_TIME } from '../fields/dayAndTime'

const isProduction = process.env.NODE_ENV === 'production'

export const Users: CollectionConfig = {
  slug: 'users',
  labels: {
    singular: { de: 'Benutzer', en: 'User' },
    plural: { de: 'Benutzer', en: 'Users' },
  },
  admin: {
    useAsTitle: 'username',
    listSearchableFields: ['username', 'email'],
    defaultColumns: ['username', 'email', 'email_confirmed_at', 'orders', 'role', 'createdAt'],
    group: { de: 'Verwaltung', en: 'Administration' },
    description: {
      de: 'Kunden und Ihr eigenes Konto. „Kunden“ in der Navigation zeigt nur die Kunden. In einem Kunden: seine Bestellungen, der Datenexport und die Anonymisierung (DSGVO).',
      en: 'Customers and your own account. "Customers" in the navigation shows the customers only. In a customer: their orders, the data export and the anonymisation (GDPR).',
    },
  },
  // GET /:id/export and POST /:id/anonymise, the seller's GDPR actions (src/gdpr/); Payload's
  // login, logout and refresh-token, one account's at a time.
  endpoints: [exportCustomerDataEndpoint, anonymiseCustomerEndpoint, ...sessionWriteEndpoints],
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
    // The account's lock comes last: refused attempts never wait for it (src/auth/account-lock.ts).
    beforeOperation: [limitLoginAttempts, checkResetPassword, onlyThroughShopPasswordReset, lockAccountOfLogin, lockAccountsOfWrite],
    beforeValidate: [enforceAccountRules, requireCurrentPassword],
    beforeChange: [startEmailConfirmation, storeResetTokenHashed, endResetOnCredentialChange],
    afterChange: [endOtherSessionsOnEmailChange, mailConfirmationLink],
    afterLogin: [forgetSuccessfulAttempt],
    afterOperation: [clearDelayOnUnlock],
    afterError: [answerLoginErrors],
  },
  fields: [
    {
      name: 'role',
      label: { de: 'Rolle', en: 'Role' },
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
    {
      // The language the customer registered in: their mails are written in it.
      name: 'locale',
      type: 'select',
      label: { de: 'Sprache der E-Mails', en: 'Language of e-mails' },
      options: [
        { value: 'de', label: 'Deutsch' },
        { value: 'en', label: 'English' },
      ],
      access: { create: sellerOrRegistrationField, update: isAdminField },
      admin: { position: 'sidebar' },
    },
    {
      name: 'email_confirmed_at',
      type: 'date',
      label: { de: 'E-Mail bestätigt am', en: 'E-mail confirmed on' },
      // Set only by the link in the confirmation mail (src/auth/email-confirmation.ts), never by a caller.
      access: { create: nobodyField, update: nobodyField },
      admin: {
        readOnly: true,
        position: 'sidebar',
        date: DAY_AND_TIME,
        description: { de: 'Leer: Die Adresse ist noch nicht bestätigt.', en: 'Empty: the address is not confirmed yet.' },
      },
    },
    {
      name: 'anonymised_at',
      type: 'date',
      label: { de: 'Anonymisiert am', en: 'Anonymised on' },
      // Set only by src/gdpr/anonymise.ts.
      access: { create: nobodyField, update: nobodyField },
      admin: {
        readOnly: true,
        position: 'sidebar',
        condition: (data) => Boolean(data?.anonymised_at),
        date: DAY_AND_TIME,
      },
    },
    {
      name: 'customer_data',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: '/src/components/admin/customers/CustomerDataActions#CustomerDataActions' } },
    },
    {
      // The customer's orders, listed in their account's page of the admin.
      name: 'orders',
      label: { de: 'Bestellungen', en: 'Orders' },
      type: 'join',
      collection: 'orders',
      on: 'customer',
      defaultSort: '-createdAt',
      access: { read: isAdminField },
      admin: {
        allowCreate: false,
        defaultColumns: ['id', 'package_name', 'status', 'total', 'createdAt'],
        condition: (data) => data?.role !== 'admin',
        components: { Cell: '/src/components/admin/customers/OrderCountCell#OrderCountCell' },
      },
    },
  ],
}
