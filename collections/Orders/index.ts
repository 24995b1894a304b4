import type { CollectionConfig } from 'payload'
import { adminOrOwnOrder } from '../access/adminOrOwnOrder'
import { sellerOrOwnOrderThroughShop } from '../access/sellerOrOwnOrderThroughShop'
import { isAdmin } from '../access/isAdmin'
import { placedThroughShop } from '../access/placedThroughShop'
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
import { billingFields } from './fields/billing'
import { choiceFields } from './fields/choices'
import { consentsField } from './fields/consents'
import { customerField } from './fields/customer'
import { deliveryFields } from './fields/delivery'
import { idempotencyKeyField } from './fields/idempotencyKey'
import { joinedFields } from './fields/joins'
import { moneyFields } from './fields/money'
import { paymentField } from './fields/payment'
import { component } from './fields/shared'
import { statusFields } from './fields/status'

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
  // One order per customer and Idempotency-Key, whatever the timing of the retries.
  indexes: [{ fields: ['customer', 'idempotency_key'], unique: true }],
  access: { read: adminOrOwnOrder, create: placedThroughShop, update: sellerOrOwnOrderThroughShop, delete: isAdmin },
  hooks: {
    beforeOperation: [lockOrderRowsBeforeChange],
    beforeValidate: [refuseStaleOrderSave],
    beforeChange: [
      snapshotOrderPrice,
      stampConfirmation,
      keepCustomerRecordings,
      deliverOnUpload,
      numberDeliveryVersions,
      guardStatusChange,
      setDueDate,
      issueInvoicesOnPayment,
    ],
    afterChange: [shareUploadsWithCustomer, prepareDeliveredDownloads, mailCustomerAboutOrder],
  },
  // In this order in the form and in the database; the sidebar's fields gather on the right.
  fields: [
    customerField,
    ...statusFields,
    ...choiceFields,
    ...deliveryFields,
    ...moneyFields,
    ...billingFields,
    paymentField,
    consentsField,
    idempotencyKeyField,
    ...joinedFields,
  ],
}
