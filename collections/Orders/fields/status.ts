import type { Field } from 'payload'
import { writtenByServer } from '../../access/nobody'
import { confirmationStillOpen } from '../../access/confirmationStillOpen'
import { DAY_AND_TIME } from '../../fields/dayAndTime'
import type { OrderStatus, StatusActor } from '../../../src/orders/status'
import { component, sellerOnly, shownAsText } from './shared'

/** Where the order stands: its status with the history of changes, the due date and the customer's confirmation. */
export const statusFields: Field[] = [
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
    // Written by collections/Orders/hooks/guardStatusChange.ts on every change of status; never by a caller.
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
    // Set by collections/Orders/hooks/setDueDate.ts from the payment and the package's turnaround.
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
    // Stamped by the server when the customer confirms (collections/Orders/hooks/stampConfirmation.ts).
    access: writtenByServer,
    admin: { readOnly: true, position: 'sidebar', ...shownAsText },
  },
]
