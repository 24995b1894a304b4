import type { CollectionConfig, Field } from 'payload'
import { adminOrOwnRecord } from '../access/adminOrOwnRecord'
import { isAdmin } from '../access/isAdmin'
import { nobody, writtenByServer } from '../access/nobody'
import { DAY_AND_TIME } from '../fields/dayAndTime'
import { invoiceFields, stripePaymentFields } from '../fields/payment'
import { PAYMENT_METHOD_TABLE, PAYMENT_METHODS } from '../../src/rules/choices'
import { SALE_FORMAT_LABELS, SALE_FORMATS } from '../../src/rules/catalog-sale'
import { isPurchaseStatus, nextPurchaseStatuses, PURCHASE_LINE_KINDS, PURCHASE_STATUS_LABELS, PURCHASE_STATUSES } from '../../src/purchases/status'
import { grantPurchasedMusic } from './hooks/grantPurchasedMusic'
import { guardPurchaseStatus } from './hooks/guardPurchaseStatus'
import { issuePurchaseInvoices } from './hooks/issuePurchaseInvoices'
import { lockPurchaseRowsBeforeChange } from './hooks/lockPurchaseRows'
import { mailCustomerAboutPurchase } from './hooks/mailCustomerAboutPurchase'

const readOnly = { readOnly: true } as const
const serverField = { access: writtenByServer, admin: readOnly }

/** One thing bought: an album, a track or a tip, with the gross amount and VAT fixed when the purchase was placed. */
const linesField: Field = {
  name: 'lines',
  label: { de: 'Positionen', en: 'Lines' },
  type: 'array',
  required: true,
  minRows: 1,
  access: writtenByServer,
  admin: readOnly,
  fields: [
    {
      name: 'kind',
      label: { de: 'Art', en: 'Kind' },
      type: 'select',
      required: true,
      options: PURCHASE_LINE_KINDS.map((value) => ({
        value,
        label: { 'music-group': { de: 'Album', en: 'Album' }, track: { de: 'Titel', en: 'Track' }, tip: { de: 'Trinkgeld', en: 'Tip' } }[value],
      })),
    },
    { name: 'music_group', label: { de: 'Album', en: 'Album' }, type: 'relationship', relationTo: 'music-groups' },
    { name: 'track', label: { de: 'Titel', en: 'Track' }, type: 'relationship', relationTo: 'tracks' },
    // A tip names what it thanks for: a delivered commission or an earlier purchase.
    { name: 'tip_for_order', label: { de: 'Trinkgeld für Bestellung', en: 'Tip for order' }, type: 'relationship', relationTo: 'orders' },
    { name: 'tip_for_purchase', label: { de: 'Trinkgeld für Kauf', en: 'Tip for purchase' }, type: 'relationship', relationTo: 'purchases' },
    // The name it was sold under (German, as the invoice prints it), kept when the catalog changes.
    { name: 'title', label: { de: 'Bezeichnung', en: 'Description' }, type: 'text', required: true },
    { name: 'amount', label: { de: 'Betrag brutto (EUR)', en: 'Gross amount (EUR)' }, type: 'number', required: true },
    { name: 'vat_rate', label: { de: 'Steuersatz (%)', en: 'VAT rate (%)' }, type: 'number', required: true },
    { name: 'vat_amount', label: { de: 'Umsatzsteuer (EUR)', en: 'VAT (EUR)' }, type: 'number', required: true },
    // The buyer named the price (name-your-price): such a purchase may be followed by a tip.
    { name: 'named_price', label: { de: 'Preis selbst gewählt', en: 'Price named by the buyer' }, type: 'checkbox', defaultValue: false },
    {
      name: 'formats',
      label: { de: 'Formate', en: 'Formats' },
      type: 'select',
      hasMany: true,
      options: SALE_FORMATS.map((value) => ({ value, label: SALE_FORMAT_LABELS[value] })),
    },
  ],
}

/**
 * Purchases of recorded music (albums and tracks to own) and tips, placed at the checkout beside
 * commissions (issue 33). Paid through the same methods; delivered at payment into the buyer's
 * library (collection library-items); invoiced in the same gapless series (invoices.purchase).
 * Written by the server only; the seller reads them and may refund (a refund ends the download rights).
 */
export const Purchases: CollectionConfig = {
  slug: 'purchases',
  labels: {
    singular: { de: 'Musikkauf', en: 'Music purchase' },
    plural: { de: 'Musikkäufe', en: 'Music purchases' },
  },
  defaultSort: '-createdAt',
  admin: {
    useAsTitle: 'id',
    defaultColumns: ['id', 'status', 'customer', 'total', 'payment_method', 'billing_country', 'invoice', 'createdAt'],
    listSearchableFields: ['id', 'customer.username', 'customer.email', 'billing_name'],
    group: { de: 'Shop', en: 'Shop' },
    description: {
      de: 'Gekaufte Alben, Titel und Trinkgelder. Bezahlte Käufe sind sofort in der Musik des Käufers; eine Erstattung beendet sein Download-Recht.',
      en: 'Albums, tracks and tips bought. Paid purchases are in the buyer’s music at once; a refund ends their right to download.',
    },
  },
  // One purchase per customer and Idempotency-Key, whatever the timing of the retries.
  indexes: [{ fields: ['customer', 'idempotency_key'], unique: true }],
  access: { read: adminOrOwnRecord, create: nobody, update: isAdmin, delete: nobody },
  // In this order (docs/architecture.md, "A purchase's hooks, in order").
  hooks: {
    beforeOperation: [lockPurchaseRowsBeforeChange],
    beforeChange: [guardPurchaseStatus, issuePurchaseInvoices],
    afterChange: [grantPurchasedMusic, mailCustomerAboutPurchase],
  },
  fields: [
    {
      name: 'customer',
      label: { de: 'Kunde', en: 'Customer' },
      type: 'relationship',
      relationTo: 'users',
      required: true,
      index: true,
      access: writtenByServer,
      admin: { position: 'sidebar', readOnly: true, allowCreate: false },
    },
    {
      name: 'status',
      label: { de: 'Status', en: 'Status' },
      type: 'select',
      required: true,
      defaultValue: 'pending_payment',
      index: true,
      options: PURCHASE_STATUSES.map((value) => ({ value, label: PURCHASE_STATUS_LABELS[value] })),
      // The seller is offered the status as stored and the steps she may take from it (src/purchases/status.ts); the hook checks again.
      filterOptions: ({ data, options }) => {
        const current = isPurchaseStatus(data?.status) ? data.status : null
        if (!current) return options
        const allowed = new Set<string>([current, ...nextPurchaseStatuses(current, 'seller')])
        return options.filter((option) => allowed.has(typeof option === 'string' ? option : option.value))
      },
      admin: {
        position: 'sidebar',
        description: {
          de: 'Vorkasse eingegangen: „Bezahlt und geliefert“ (Rechnung und Musik entstehen sofort). Erstattet: „Erstattet“ (Stornorechnung, Download-Recht endet). Unbezahlt: „Storniert“.',
          en: 'Bank transfer arrived: "Paid and delivered" (invoice and music at once). Refunded: "Refunded" (cancellation invoice, download rights end). Unpaid: "Cancelled".',
        },
      },
    },
    linesField,
    { name: 'total', label: { de: 'Gesamtbetrag brutto (EUR)', en: 'Gross total (EUR)' }, type: 'number', required: true, ...serverField },
    { name: 'vat_amount', label: { de: 'Darin Umsatzsteuer (EUR)', en: 'VAT included (EUR)' }, type: 'number', required: true, ...serverField },
    {
      name: 'payment_method',
      label: { de: 'Zahlungsart', en: 'Payment method' },
      type: 'select',
      required: true,
      options: PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_TABLE[value].label })),
      ...serverField,
    },
    ...stripePaymentFields,
    {
      name: 'refunded_at',
      label: { de: 'Erstattet am', en: 'Refunded on' },
      type: 'date',
      access: writtenByServer,
      admin: { readOnly: true, date: DAY_AND_TIME },
    },
    { name: 'billing_name', label: { de: 'Rechnungsname', en: 'Billing name' }, type: 'text', ...serverField },
    { name: 'billing_address', label: { de: 'Rechnungsanschrift', en: 'Billing address' }, type: 'textarea', ...serverField },
    // Two pieces of evidence of where the buyer lives (EU VAT on digital services): the billing address's country and the card's.
    { name: 'billing_country', label: { de: 'Land (Rechnungsanschrift)', en: 'Country (billing address)' }, type: 'text', maxLength: 2, ...serverField },
    { name: 'card_country', label: { de: 'Land der Karte', en: 'Country of the card' }, type: 'text', maxLength: 2, ...serverField },
    {
      name: 'terms_accepted_at',
      label: { de: 'AGB akzeptiert am', en: 'Terms accepted at' },
      type: 'date',
      access: writtenByServer,
      admin: { readOnly: true, date: DAY_AND_TIME },
    },
    {
      name: 'digital_content_consent_at',
      label: { de: 'Sofortiger Lieferung zugestimmt am', en: 'Immediate delivery agreed at' },
      type: 'date',
      access: writtenByServer,
      admin: {
        readOnly: true,
        date: DAY_AND_TIME,
        description: {
          de: 'Zustimmung zur Lieferung vor Ablauf der Widerrufsfrist, mit Kenntnis vom Verlust des Widerrufsrechts (§ 356 Abs. 5 BGB).',
          en: 'Consent to delivery before the withdrawal period ends, knowing that the right of withdrawal is lost (§ 356 (5) BGB).',
        },
      },
    },
    { name: 'consent_wording_version', label: { de: 'Fassung der Zustimmungstexte', en: 'Version of the consent texts' }, type: 'text', ...serverField },
    {
      name: 'locale',
      label: { de: 'Sprache des Kaufs', en: 'Language of the purchase' },
      type: 'select',
      options: [
        { value: 'de', label: { de: 'Deutsch', en: 'German' } },
        { value: 'en', label: { de: 'Englisch', en: 'English' } },
      ],
      ...serverField,
    },
    { name: 'idempotency_key', type: 'text', access: writtenByServer, admin: { hidden: true } },
    ...invoiceFields,
  ],
}
