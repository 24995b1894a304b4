import type { Field, NumberField } from 'payload'
import { writtenByServer } from '../../access/nobody'

/** A price snapshot in euros: set by the server when the order is placed, shown read-only. */
const snapshotAmount = (name: string, de: string, en: string): NumberField => ({
  name,
  label: { de, en },
  type: 'number',
  access: writtenByServer,
  admin: { readOnly: true, position: 'sidebar', step: 0.01 },
})

/** The money snapshot taken when the order is placed (with what the package included): prices change, the order does not. */
export const moneyFields: Field[] = [
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
]
