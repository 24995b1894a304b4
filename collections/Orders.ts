import type { CollectionConfig, FieldAccess, NumberField, TextFieldSingleValidation } from 'payload'
import { text } from 'payload/shared'
import { adminOrOwnOrder } from './access/adminOrOwnOrder'
import { nobodyField, writtenByServer } from './access/nobody'
import { sellerOrOwnOrderThroughShop } from './access/sellerOrOwnOrderThroughShop'
import { confirmationStillOpen } from './access/confirmationStillOpen'
import { isAdmin, isAdminField } from './access/isAdmin'
import { placedThroughShop, recordedByOrderForm } from './access/placedThroughShop'
import { adminOrRecordingUploadField } from './access/recordingThroughShop'
import { keepCustomerRecordings } from './hooks/keepCustomerRecordings'
import { refuseStaleOrderSave } from './hooks/refuseStaleOrderSave'
import { shareUploadsWithCustomer } from './hooks/shareUploadsWithCustomer'
import { snapshotOrderPrice } from './hooks/snapshotOrderPrice'
import { stampConfirmation } from './hooks/stampConfirmation'
import { deliverOnUpload } from './hooks/deliverOnUpload'
import { guardStatusChange } from './hooks/guardStatusChange'
import { lockOrderRowsBeforeChange } from './hooks/lockOrderRows'
import { issueInvoicesOnPayment } from './hooks/issueInvoicesOnPayment'
import { mailCustomerAboutOrder } from './hooks/mailCustomerAboutOrder'
import { numberDeliveryVersions } from './hooks/numberDeliveryVersions'
import { setDueDate } from './hooks/setDueDate'
import { prepareDeliveredDownloads } from './hooks/prepareDeliveredDownloads'
import { deliverSongEndpoint } from './endpoints/deliverSong'
import { orderStatusEndpoint } from './endpoints/orderStatus'
import type { Locale } from '../src/i18n/locales'
import { ORDER_LIMITS } from '../src/rules/limits'
import type { OrderStatus, StatusActor } from '../src/orders/status'
import { DAY_AND_TIME } from './fields/dayAndTime'
import { paymentIncidentsField } from './fields/paymentIncidents'
import { CUSTOM_THEME, type PaymentMethod } from '../src/rules/choices'



/** A customer may change their own order only by confirming it; everything else is the seller's. */
const sellerOnly: { update: FieldAccess } = { update: isAdminField }

/** The customer's choice that sets the price: recorded when ordering, then fixed (a new price would need a new order). */
const fixedOnceOrdered: { update: FieldAccess } = { update: nobodyField }

/** The admin's own components for orders (src/components/admin/orders). */
const component = (name: string) => `/src/components/admin/orders/${name}#${name}`

/** The customer's choice or agreement, shown as text in the order view: the seller reads it, never overwrites it. */
const shownAsText = { components: { Field: component('ReadOnlyValueField') } }

/** A price snapshot in euros: set by the server when the order is placed, shown read-only. */
const snapshotAmount = (name: string, de: string, en: string): NumberField => ({
  name,
  label: { de, en },
  type: 'number',
  access: writtenByServer,
  admin: { readOnly: true, position: 'sidebar', step: 0.01 },
})

const customThemeGiven: TextFieldSingleValidation = (value, args) =>
  (args.siblingData as { theme?: string }).theme === CUSTOM_THEME && !value?.trim() ? 'Please describe the custom theme.' : text(value, args)

/** Shows a joined list only when it has entries: most orders have no revision request or withdrawal, and an empty table says nothing. */
const hasJoined =
  (name: 'revision_requests' | 'withdrawals') =>
  (data: Partial<Record<string, unknown>>): boolean => {
    const joined = data[name] as { docs?: unknown[] } | undefined
    return (joined?.docs?.length ?? 0) > 0
  }

/** Custom songs ordered by customers, run by the seller from payment to delivery. */
export const Orders: CollectionConfig = {
  slug: 'orders',
  labels: {
    singular: { de: 'Bestellung', en: 'Order' },
    plural: { de: 'Bestellungen', en: 'Orders' },
  },
  // Overdue work first; orders without a due date (unpaid, finished) after the open ones.
  defaultSort: 'due_at',
  admin: {
    // The seller looks an order up by its number or by who ordered it.
    listSearchableFields: ['id', 'customer.username', 'customer.email', 'billing_name'],
    defaultColumns: ['id', 'status', 'due_at', 'customer', 'package', 'use_type', 'theme', 'createdAt'],
    group: { de: 'Shop', en: 'Shop' },
    components: { beforeListTable: [component('OrderStatusFilters')] },
    description: {
      de: 'Wunschsong-Bestellungen, die fälligen zuerst. Die Suche findet eine Bestellung nach Nummer, Benutzername, E-Mail-Adresse oder Rechnungsname. In einer Bestellung ändern Sie den Status mit den Knöpfen und liefern den fertigen Song mit „Song liefern“: Der Kunde kann ihn dann sofort in seinem Konto anhören.',
      en: 'Custom-song orders, the ones due first. The search finds an order by its number, the username, e-mail address or billing name. In an order, change the status with its buttons and deliver the finished song with "Deliver the song": the customer can listen to it in their account at once.',
    },
  },
  endpoints: [orderStatusEndpoint, deliverSongEndpoint],
  access: { read: adminOrOwnOrder, create: placedThroughShop, update: sellerOrOwnOrderThroughShop, delete: isAdmin },
  hooks: {
    beforeOperation: [lockOrderRowsBeforeChange],
    beforeValidate: [refuseStaleOrderSave],
    beforeChange: [snapshotOrderPrice, stampConfirmation, keepCustomerRecordings, deliverOnUpload, numberDeliveryVersions, guardStatusChange, setDueDate, issueInvoicesOnPayment],
    afterChange: [shareUploadsWithCustomer, prepareDeliveredDownloads, mailCustomerAboutOrder],
  },
  fields: [
    {
      name: 'customer',
      label: { de: 'Kunde', en: 'Customer' },
      type: 'relationship',
      relationTo: 'users',
      required: true,
      index: true,
      access: fixedOnceOrdered,
      // Customers register in the shop; an order never creates an account.
      // Who ordered is a fact of the order: shown, never changed in the admin.
      admin: { position: 'sidebar', readOnly: true, allowCreate: false, components: { Cell: component('CustomerCell') } },
    },
    {
      name: 'status',
      label: { de: 'Status', en: 'Status' },
      type: 'select',
      required: true,
      defaultValue: 'pending_payment',
      index: true,
      access: sellerOnly,
      options: [
        { value: 'pending_payment', label: { de: 'Zahlung ausstehend', en: 'Awaiting payment' } },
        { value: 'paid', label: { de: 'Bezahlt', en: 'Paid' } },
        { value: 'in_progress', label: { de: 'In Arbeit', en: 'In progress' } },
        { value: 'delivered', label: { de: 'Geliefert', en: 'Delivered' } },
        { value: 'revision_requested', label: { de: 'Überarbeitung gewünscht', en: 'Revision requested' } },
        { value: 'completed', label: { de: 'Abgeschlossen', en: 'Completed' } },
        { value: 'cancelled', label: { de: 'Storniert', en: 'Cancelled' } },
        { value: 'refunded', label: { de: 'Erstattet', en: 'Refunded' } },
      ] satisfies { value: OrderStatus; label: Record<string, string> }[],
      // Changed only through the buttons of the order view (POST /api/cms/orders/{id}/status), never as a select.
      admin: { position: 'sidebar', components: { Field: component('StatusField'), Cell: component('StatusCell') } },
    },
    {
      // Written by collections/hooks/guardStatusChange.ts on every change of status; never by a caller.
      name: 'status_history',
      label: { de: 'Statusverlauf', en: 'Status history' },
      labels: { singular: { de: 'Statuswechsel', en: 'Status change' }, plural: { de: 'Statuswechsel', en: 'Status changes' } },
      type: 'array',
      access: writtenByServer,
      admin: { readOnly: true, position: 'sidebar', components: { Field: component('StatusHistoryField') } },
      fields: [
        { name: 'at', label: { de: 'Zeitpunkt', en: 'Time' }, type: 'date', required: true, admin: { date: DAY_AND_TIME } },
        {
          name: 'actor',
          label: { de: 'Durch', en: 'By' },
          type: 'select',
          required: true,
          options: [
            { value: 'customer', label: { de: 'Kunde', en: 'Customer' } },
            { value: 'seller', label: { de: 'Verkäufer', en: 'Seller' } },
            { value: 'stripe', label: { de: 'Stripe', en: 'Stripe' } },
          ] satisfies { value: StatusActor; label: Record<string, string> }[],
        },
        { name: 'from', label: { de: 'Von', en: 'From' }, type: 'text', required: true },
        { name: 'to', label: { de: 'Nach', en: 'To' }, type: 'text', required: true },
      ],
    },
    {
      // Set by collections/hooks/setDueDate.ts from the payment and the package's turnaround.
      name: 'due_at',
      label: { de: 'Fällig am', en: 'Due' },
      type: 'date',
      index: true,
      access: writtenByServer,
      admin: { readOnly: true, position: 'sidebar', components: { Field: component('ReadOnlyValueField'), Cell: component('DueDateCell') } },
    },
    {
      name: 'confirmed_by_user',
      label: { de: 'Vom Kunden bestätigt', en: 'Confirmed by the customer' },
      type: 'checkbox',
      defaultValue: false,
      access: { update: confirmationStillOpen },
      admin: { position: 'sidebar', readOnly: true, ...shownAsText },
    },
    {
      name: 'confirmed_at',
      label: { de: 'Bestätigt am', en: 'Confirmed at' },
      type: 'date',
      // Stamped by the server when the customer confirms (hooks/stampConfirmation.ts).
      access: writtenByServer,
      admin: { readOnly: true, position: 'sidebar', ...shownAsText },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'package',
          label: { de: 'Paket', en: 'Package' },
          type: 'text',
          required: true,
          access: fixedOnceOrdered,
          admin: { components: { Field: component('ReadOnlyValueField'), Cell: component('ChoiceCell') } },
        },
        {
          name: 'use_type',
          label: { de: 'Einsatzbereich', en: 'Use type' },
          type: 'text',
          access: sellerOnly,
          admin: { components: { Field: component('ReadOnlyValueField'), Cell: component('ChoiceCell') } },
        },
        {
          name: 'theme',
          label: { de: 'Fokusthema', en: 'Focus theme' },
          type: 'text',
          required: true,
          access: sellerOnly,
          admin: { components: { Field: component('ReadOnlyValueField'), Cell: component('ChoiceCell') } },
        },
      ],
    },
    {
      name: 'custom_theme',
      label: { de: 'Eigenes Thema des Kunden', en: "Customer's own theme" },
      type: 'text',
      maxLength: ORDER_LIMITS.customTheme,
      access: sellerOnly,
      admin: { condition: (_, siblingData) => siblingData?.theme === CUSTOM_THEME, ...shownAsText },
      validate: customThemeGiven,
    },
    {
      name: 'personal_note',
      label: { de: 'Persönliche Nachricht', en: 'Personal note' },
      type: 'textarea',
      maxLength: ORDER_LIMITS.personalNote,
      access: sellerOnly,
      admin: shownAsText,
    },
    {
      type: 'row',
      fields: [
        {
          name: 'spotify_option',
          label: { de: 'Mit Streaming-Veröffentlichung', en: 'With streaming release' },
          type: 'checkbox',
          defaultValue: false,
          access: fixedOnceOrdered,
          admin: shownAsText,
        },
        {
          name: 'payment_method',
          label: { de: 'Zahlungsart', en: 'Payment method' },
          type: 'select',
          required: true,
          defaultValue: 'prepayment',
          access: fixedOnceOrdered,
          admin: shownAsText,
          options: [
            { value: 'paypal', label: { de: 'PayPal', en: 'PayPal' } },
            { value: 'credit_card', label: { de: 'Kreditkarte', en: 'Credit card' } },
            { value: 'prepayment', label: { de: 'Vorkasse (Überweisung)', en: 'Prepayment (bank transfer)' } },
          ] satisfies { value: PaymentMethod; label: Record<string, string> }[],
        },
      ],
    },
    {
      name: 'files_overview',
      type: 'ui',
      admin: { components: { Field: component('OrderFilesField') } },
    },
    {
      name: 'deliver_song',
      type: 'ui',
      admin: { components: { Field: component('DeliverSongField') } },
    },
    {
      name: 'uploads',
      label: { de: 'Dateien', en: 'Files' },
      labels: { singular: { de: 'Datei', en: 'File' }, plural: { de: 'Dateien', en: 'Files' } },
      type: 'array',
      access: { update: adminOrRecordingUploadField },
      admin: {
        description: {
          de: 'Sprachaufnahmen des Kunden und Ihre Lieferungen. Eine Datei, die Sie hier hinzufügen, kann nur dieser Kunde in seinem Konto anhören und herunterladen.',
          en: "The customer's voice recordings and your deliveries. A file you add here can be heard and downloaded by this customer alone, in their account.",
        },
      },
      fields: [
        { name: 'audio', label: { de: 'Audiodatei', en: 'Audio file' }, type: 'upload', relationTo: 'audio', required: true },
        {
          name: 'description',
          label: { de: 'Beschreibung', en: 'Description' },
          type: 'text',
          maxLength: ORDER_LIMITS.uploadDescription,
        },
        {
          // Numbered by collections/hooks/numberDeliveryVersions.ts: which delivery (before or after which revision request) the file belongs to.
          name: 'version',
          label: { de: 'Fassung', en: 'Version' },
          type: 'number',
          admin: { readOnly: true, description: { de: 'Wird beim Hochladen gesetzt.', en: 'Set on upload.' } },
        },
      ],
    },
    snapshotAmount('package_price', 'Paketpreis (EUR)', 'Package price (EUR)'),
    snapshotAmount('streaming_surcharge', 'Aufpreis Streaming (EUR)', 'Streaming surcharge (EUR)'),
    snapshotAmount('total', 'Gesamtbetrag (EUR, inkl. MwSt.)', 'Total (EUR, VAT included)'),
    {
      name: 'vat_rate',
      label: { de: 'MwSt.-Satz (%)', en: 'VAT rate (%)' },
      type: 'number',
      access: writtenByServer,
      admin: { readOnly: true, position: 'sidebar' },
    },
    snapshotAmount('vat_amount', 'Enthaltene MwSt. (EUR)', 'VAT included (EUR)'),
    {
      name: 'revisions_included',
      label: { de: 'Enthaltene Überarbeitungen', en: 'Revisions included' },
      type: 'number',
      access: writtenByServer,
      admin: {
        readOnly: true,
        position: 'sidebar',
        description: {
          de: 'Aus dem Paket bei der Bestellung übernommen: So viele Überarbeitungen kann der Kunde wünschen.',
          en: 'Taken from the package when ordered: how many revisions the customer may ask for.',
        },
      },
    },
    {
      name: 'package_name',
      label: { de: 'Paketname', en: 'Package name' },
      type: 'text',
      access: writtenByServer,
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'billing_name',
      label: { de: 'Rechnungsname', en: 'Billing name' },
      type: 'text',
      maxLength: ORDER_LIMITS.billingName,
      access: sellerOnly,
      admin: {
        ...shownAsText,
        description: { de: 'Freiwillig vom Kunden angegeben; sonst steht sein Benutzername auf der Rechnung.', en: "Given by the customer if they wish; otherwise the invoice names their username." },
      },
    },
    {
      name: 'billing_address',
      label: { de: 'Rechnungsanschrift', en: 'Billing address' },
      type: 'textarea',
      maxLength: ORDER_LIMITS.billingAddress,
      access: sellerOnly,
      admin: shownAsText,
    },
    {
      type: 'collapsible',
      label: { de: 'Zahlung und Rechnung', en: 'Payment and invoice' },
      fields: [
        { name: 'paid_at', label: { de: 'Bezahlt am', en: 'Paid on' }, type: 'date', access: writtenByServer, admin: { readOnly: true, date: DAY_AND_TIME } },
        { name: 'stripe_checkout_session', label: { de: 'Stripe-Checkout-Sitzung', en: 'Stripe Checkout Session' }, type: 'text', access: writtenByServer, admin: { readOnly: true } },
        {
          // The payment that paid the order, stored when it is applied: only a refund of this payment refunds the order.
          name: 'stripe_payment_intent',
          label: { de: 'Stripe-Zahlung', en: 'Stripe payment' },
          type: 'text',
          index: true,
          access: writtenByServer,
          admin: { readOnly: true },
        },
        { name: 'invoice_links', type: 'ui', admin: { components: { Field: component('InvoiceLinksField') } } },
        { name: 'invoice', label: { de: 'Rechnung', en: 'Invoice' }, type: 'relationship', relationTo: 'invoices', access: writtenByServer, admin: { readOnly: true } },
        {
          name: 'cancellation_invoice',
          label: { de: 'Stornorechnung', en: 'Cancellation invoice' },
          type: 'relationship',
          relationTo: 'invoices',
          access: writtenByServer,
          admin: { readOnly: true },
        },
        paymentIncidentsField,
      ],
    },
    {
      type: 'collapsible',
      label: { de: 'Zustimmungen des Kunden', en: "The customer's consents" },
      admin: {
        description: {
          de: 'Bei der Bestellung erteilt und unveränderlich festgehalten: die Zeitpunkte, die Fassung der Texte, denen der Kunde zugestimmt hat, und die Sprache, in der er bestellt hat (E-Mails an ihn folgen ihr).',
          en: 'Given when ordering and recorded for good: the times, the version of the texts the customer agreed to, and the language they ordered in (mails to them follow it).',
        },
      },
      fields: [
        {
          name: 'terms_accepted_at',
          label: { de: 'AGB akzeptiert am', en: 'Terms accepted at' },
          type: 'date',
          access: recordedByOrderForm,
          admin: { readOnly: true, date: DAY_AND_TIME },
        },
        {
          name: 'early_start_consent_at',
          label: { de: 'Vorzeitigem Beginn zugestimmt am', en: 'Early start agreed at' },
          type: 'date',
          access: recordedByOrderForm,
          admin: {
            readOnly: true,
            date: DAY_AND_TIME,
            description: {
              de: 'Zustimmung, dass die Arbeit vor Ablauf der Widerrufsfrist beginnt, mit Kenntnis vom Verlust des Widerrufsrechts (§ 356 Abs. 5 BGB).',
              en: 'Consent that the work begins before the withdrawal period ends, knowing that the right of withdrawal is lost (§ 356 (5) BGB).',
            },
          },
        },
        {
          name: 'consent_wording_version',
          label: { de: 'Fassung der Zustimmungstexte', en: 'Version of the consent texts' },
          type: 'text',
          access: recordedByOrderForm,
          admin: {
            readOnly: true,
            description: { de: 'Welche Fassung der beiden Texte die Kasse zeigte, als der Kunde zustimmte.', en: 'Which version of the two texts the checkout showed when the customer agreed.' },
          },
        },
        {
          name: 'locale',
          label: { de: 'Sprache der Bestellung', en: 'Language of the order' },
          type: 'select',
          options: [
            { value: 'de', label: { de: 'Deutsch', en: 'German' } },
            { value: 'en', label: { de: 'Englisch', en: 'English' } },
          ] satisfies { value: Locale; label: Record<string, string> }[],
          access: recordedByOrderForm,
          admin: { readOnly: true },
        },
      ],
    },
    {
      // The customer's revision requests (collections/RevisionRequests.ts); read-only here.
      name: 'revision_requests',
      label: { de: 'Überarbeitungswünsche', en: 'Revision requests' },
      type: 'join',
      collection: 'revision-requests',
      on: 'order',
      defaultSort: '-createdAt',
      access: { read: isAdminField },
      admin: { allowCreate: false, defaultColumns: ['createdAt', 'delivery_version', 'message'], condition: hasJoined('revision_requests') },
    },
    {
      // Declarations of withdrawal matched to this order (collections/Withdrawals.ts); read-only here.
      name: 'withdrawals',
      label: { de: 'Widerrufe', en: 'Withdrawals' },
      type: 'join',
      collection: 'withdrawals',
      on: 'order',
      defaultSort: '-received_at',
      access: { read: isAdminField },
      admin: {
        allowCreate: false,
        condition: hasJoined('withdrawals'),
        defaultColumns: ['received_at', 'name', 'email', 'status'],
        description: {
          de: 'Über „Vertrag widerrufen“ eingegangene Erklärungen zu dieser Bestellung. Der Status ändert sich dadurch nicht; Sie entscheiden, was folgt.',
          en: 'Declarations received through "Withdraw from contract" for this order. They do not change its status; you decide what follows.',
        },
      },
    },
  ],
}
