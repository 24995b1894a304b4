import type { ArrayField } from 'payload'
import { isAdminField } from '../../access/isAdmin'
import { nobodyField, writtenByServer } from '../../access/nobody'
import { DAY_AND_TIME } from '../../fields/dayAndTime'

export const PAYMENT_INCIDENT_KINDS = ['duplicate_payment', 'dispute'] as const
export type PaymentIncidentKind = (typeof PAYMENT_INCIDENT_KINDS)[number]

/**
 * What happened to an order's money besides its one payment, as Stripe's webhook reports it: a
 * second payment for an order already paid (refunded automatically, or left to the seller when the
 * refund failed) and chargebacks (disputes). Open ones are tasks on the seller's dashboard; the
 * seller ticks "Erledigt" once dealt with. Everything else in a row is written by the server alone.
 */
export const paymentIncidentsField: ArrayField = {
  name: 'payment_incidents',
  label: { de: 'Zahlungsvorfälle', en: 'Payment incidents' },
  labels: { singular: { de: 'Zahlungsvorfall', en: 'Payment incident' }, plural: { de: 'Zahlungsvorfälle', en: 'Payment incidents' } },
  type: 'array',
  access: { create: nobodyField, update: isAdminField },
  admin: {
    condition: (data) => (data?.payment_incidents?.length ?? 0) > 0,
    description: {
      de: 'Von Stripe gemeldet: eine zweite Zahlung für diese Bestellung oder ein Zahlungsstreit (Rückbuchung). Offene Vorfälle stehen auf dem Dashboard, bis Sie „Erledigt“ ankreuzen.',
      en: 'Reported by Stripe: a second payment for this order or a dispute (chargeback). Open incidents stay on the dashboard until you tick "Resolved".',
    },
  },
  fields: [
    {
      name: 'kind',
      label: { de: 'Art', en: 'Kind' },
      type: 'select',
      required: true,
      access: writtenByServer,
      admin: { readOnly: true },
      options: [
        { value: 'duplicate_payment', label: { de: 'Doppelte Zahlung', en: 'Duplicate payment' } },
        { value: 'dispute', label: { de: 'Zahlungsstreit', en: 'Dispute' } },
      ] satisfies { value: PaymentIncidentKind; label: Record<string, string> }[],
    },
    {
      name: 'reference',
      label: { de: 'Stripe-Referenz', en: 'Stripe reference' },
      type: 'text',
      required: true,
      access: writtenByServer,
      admin: { readOnly: true },
    },
    { name: 'amount', label: { de: 'Betrag (EUR)', en: 'Amount (EUR)' }, type: 'number', access: writtenByServer, admin: { readOnly: true } },
    { name: 'state', label: { de: 'Stand', en: 'State' }, type: 'text', access: writtenByServer, admin: { readOnly: true } },
    {
      name: 'opened_at',
      label: { de: 'Gemeldet am', en: 'Reported at' },
      type: 'date',
      access: writtenByServer,
      admin: { readOnly: true, date: DAY_AND_TIME },
    },
    {
      name: 'closed_at',
      label: { de: 'Abgeschlossen am', en: 'Closed at' },
      type: 'date',
      access: writtenByServer,
      admin: { readOnly: true, date: DAY_AND_TIME },
    },
    {
      name: 'resolved',
      label: { de: 'Erledigt', en: 'Resolved' },
      type: 'checkbox',
      defaultValue: false,
      access: { create: nobodyField, update: isAdminField },
    },
  ],
}
