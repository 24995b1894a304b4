import type { GroupField, NumberFieldSingleValidation } from 'payload'
import { SALE_MODES, saleSettingsProblem, type SaleSettings } from '../../src/rules/catalog-sale'

const MODE_LABELS = {
  not_for_sale: { de: 'Nicht zu kaufen', en: 'Not for sale' },
  fixed_price: { de: 'Fester Preis', en: 'Fixed price' },
  name_your_price: { de: 'Preis selbst wählen (mit Mindestpreis)', en: 'Name your price (with a minimum)' },
} as const

/** A price field's check: the rule's verdict on the whole sale group (src/rules/catalog-sale.ts), shown at the field it concerns. */
const priceCheck =
  (field: 'price' | 'minimum' | 'suggested'): NumberFieldSingleValidation =>
  (_value, { siblingData }) => {
    const problem = saleSettingsProblem(siblingData as SaleSettings)
    return problem?.field === field ? problem.message : true
  }

const shownFor =
  (mode: string) =>
  (_data: unknown, siblingData: Partial<SaleSettings> | undefined): boolean =>
    siblingData?.mode === mode

/**
 * Whether and how an album or a track is sold (issue 33): not for sale, a fixed price, or
 * name-your-price with a minimum (0 = free download) and a suggested price; and the formats
 * offered beside MP3 320 kbit/s. An album's price and its tracks' prices are independent; an album
 * bought includes all its tracks. Prices are gross in euros (incl. VAT, or none under § 19 UStG).
 */
export const saleSettings = (what: { de: string; en: string }): GroupField => ({
  name: 'sale',
  label: { de: 'Verkauf', en: 'Sale' },
  type: 'group',
  admin: {
    description: {
      de: `Ob und wie ${what.de} als Download verkauft wird. Preise sind Endpreise (inkl. MwSt. bzw. ohne nach § 19 UStG).`,
      en: `Whether and how ${what.en} is sold as a download. Prices are final prices (incl. VAT, or none under § 19 UStG).`,
    },
  },
  fields: [
    {
      name: 'mode',
      label: { de: 'Verkauf', en: 'Sale' },
      type: 'select',
      // Not required: a group with a required field would make every track and album written in code name its sale; unset is not for sale.
      defaultValue: 'not_for_sale',
      options: SALE_MODES.map((value) => ({ value, label: MODE_LABELS[value] })),
    },
    {
      name: 'price',
      label: { de: 'Preis (€)', en: 'Price (€)' },
      type: 'number',
      min: 0,
      validate: priceCheck('price'),
      admin: { condition: shownFor('fixed_price'), step: 0.01 },
    },
    {
      name: 'minimum',
      label: { de: 'Mindestpreis (€, 0 = kostenloser Download)', en: 'Minimum (€, 0 = free download)' },
      type: 'number',
      min: 0,
      validate: priceCheck('minimum'),
      admin: { condition: shownFor('name_your_price'), step: 0.01 },
    },
    {
      name: 'suggested',
      label: { de: 'Vorgeschlagener Preis (€, optional)', en: 'Suggested price (€, optional)' },
      type: 'number',
      min: 0,
      validate: priceCheck('suggested'),
      admin: {
        condition: shownFor('name_your_price'),
        step: 0.01,
        description: { de: 'Damit ist das Betragsfeld vorausgefüllt.', en: 'The amount field is prefilled with it.' },
      },
    },
    {
      name: 'offer_flac',
      label: { de: 'Auch als FLAC anbieten (nur bei verlustfreiem Master)', en: 'Also offer FLAC (lossless masters only)' },
      type: 'checkbox',
      defaultValue: true,
    },
    {
      name: 'offer_original',
      label: { de: 'Auch den Master wie hochgeladen anbieten', en: 'Also offer the master as uploaded' },
      type: 'checkbox',
      defaultValue: false,
    },
  ],
})
