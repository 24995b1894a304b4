import type { CollectionConfig, Field } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { nobodyField } from '../access/nobody'
import { sentThroughWithdrawalForm } from '../access/sentThroughWithdrawalForm'
import { mailWithdrawal } from './hooks/mailWithdrawal'
import { LOCALES } from '../../src/i18n/locales'
import { WITHDRAWAL_LIMITS } from '../../src/rules/limits'

/** What the customer declared, as received: written once by the form's handler, never changed afterwards. */
const asReceived = { access: { update: nobodyField }, admin: { readOnly: true } } as const

const receivedFields: Field[] = [
  {
    name: 'received_at',
    label: { de: 'Eingegangen am', en: 'Received at' },
    type: 'date',
    required: true,
    index: true,
    ...asReceived,
    admin: { ...asReceived.admin, position: 'sidebar', date: { pickerAppearance: 'dayAndTime', displayFormat: 'dd.MM.yyyy HH:mm:ss' } },
  },
  { name: 'name', label: { de: 'Name', en: 'Name' }, type: 'text', required: true, maxLength: WITHDRAWAL_LIMITS.name, ...asReceived },
  { name: 'email', label: { de: 'E-Mail', en: 'E-mail' }, type: 'email', required: true, ...asReceived },
  {
    name: 'order_number',
    label: { de: 'Angegebene Bestellnummer', en: 'Order number given' },
    type: 'text',
    required: true,
    maxLength: WITHDRAWAL_LIMITS.orderNumber,
    ...asReceived,
  },
  {
    name: 'order',
    label: { de: 'Zugeordnete Bestellung', en: 'Matched order' },
    type: 'relationship',
    relationTo: 'orders',
    index: true,
    ...asReceived,
    admin: {
      ...asReceived.admin,
      position: 'sidebar',
      description: {
        de: 'Gesetzt, wenn die Nummer zu einer Bestellung des angemeldeten Kunden gehört oder Nummer und E-Mail-Adresse zur Bestellung passen. Sonst prüfen Sie die Angaben selbst.',
        en: 'Set when the number belongs to an order of the logged-in customer, or number and e-mail address match the order. Otherwise check the details yourself.',
      },
    },
  },
  {
    name: 'customer',
    label: { de: 'Angemeldeter Kunde', en: 'Logged-in customer' },
    type: 'relationship',
    relationTo: 'users',
    index: true,
    ...asReceived,
    admin: { ...asReceived.admin, position: 'sidebar' },
  },
  {
    name: 'details',
    label: { de: 'Angaben zum Vertrag', en: 'About the contract' },
    type: 'textarea',
    maxLength: WITHDRAWAL_LIMITS.details,
    ...asReceived,
  },
  {
    name: 'declaration',
    label: { de: 'Erklärung, wie bestätigt', en: 'Declaration as confirmed' },
    type: 'textarea',
    required: true,
    ...asReceived,
    admin: { ...asReceived.admin, rows: 8 },
  },
  {
    name: 'locale',
    label: { de: 'Sprache des Formulars', en: 'Language of the form' },
    type: 'select',
    required: true,
    options: LOCALES.map((code) => ({ value: code, label: code === 'de' ? 'Deutsch' : 'English' })),
    ...asReceived,
    admin: { ...asReceived.admin, position: 'sidebar' },
  },
]

/**
 * Declarations of withdrawal sent through the online withdrawal function (§ 356a BGB,
 * "Vertrag widerrufen"), each confirmed to the customer by mail at once. The seller reads them and decides what follows (refund, reply); nothing
 * about an order changes by itself. Listed under each order too (its `withdrawals` field).
 */
export const Withdrawals: CollectionConfig = {
  slug: 'withdrawals',
  labels: {
    singular: { de: 'Widerruf', en: 'Withdrawal' },
    plural: { de: 'Widerrufe', en: 'Withdrawals' },
  },
  defaultSort: '-received_at',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'order_number', 'order', 'email', 'status', 'received_at'],
    group: { de: 'Shop', en: 'Shop' },
    description: {
      de: 'Widerrufserklärungen aus dem Formular „Vertrag widerrufen“. Der Kunde hat eine Eingangsbestätigung per E-Mail erhalten. Ob und wie Sie erstatten, entscheiden Sie; der Status der Bestellung ändert sich nicht von selbst.',
      en: 'Declarations of withdrawal from the "Withdraw from contract" form. The customer received a confirmation of receipt by e-mail. Whether and how you refund is your decision; the order\'s status does not change by itself.',
    },
  },
  access: { create: sentThroughWithdrawalForm, read: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: { afterChange: [mailWithdrawal] },
  fields: [
    ...receivedFields,
    {
      name: 'status',
      label: { de: 'Bearbeitung', en: 'Handling' },
      type: 'select',
      required: true,
      defaultValue: 'new',
      options: [
        { value: 'new', label: { de: 'Neu', en: 'New' } },
        { value: 'handled', label: { de: 'Erledigt', en: 'Handled' } },
      ],
      admin: { position: 'sidebar' },
    },
    {
      name: 'seller_note',
      label: { de: 'Ihre Notiz', en: 'Your note' },
      type: 'textarea',
      maxLength: 5000,
      admin: { description: { de: 'Nur für Sie sichtbar, z. B. wann und wie erstattet wurde.', en: 'Visible to you alone, e.g. when and how you refunded.' } },
    },
  ],
}
