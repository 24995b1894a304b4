import { BlocksFeature, lexicalEditor } from '@payloadcms/richtext-lexical'
import type { Block, CollectionConfig } from 'payload'
import { TRADER_DETAILS_BLOCK, TRADER_VALUE_BLOCKS, type TraderValue, VAT_NOTICE_BLOCK } from '../src/legal/trader-blocks'
import { anyone } from './access/anyone'
import { isAdmin } from './access/isAdmin'
import { nobody } from './access/nobody'

const fromSettings = {
  de: 'Wird beim Anzeigen aus den Einstellungen (Anbieter) eingesetzt.',
  en: 'Filled in from the settings (trader) when the page is shown.',
}

const traderDetails: Block = {
  slug: TRADER_DETAILS_BLOCK,
  labels: { singular: { de: 'Anbieterangaben', en: 'Trader details' }, plural: { de: 'Anbieterangaben', en: 'Trader details' } },
  fields: [
    {
      name: 'variant',
      label: { de: 'Umfang', en: 'Extent' },
      type: 'select',
      required: true,
      defaultValue: 'full',
      options: [
        { value: 'full', label: { de: 'Name, Anschrift, Telefon, E-Mail, USt-IdNr.', en: 'Name, address, phone, e-mail, VAT ID' } },
        { value: 'contact', label: { de: 'Name, Anschrift, Telefon, E-Mail', en: 'Name, address, phone, e-mail' } },
      ],
      admin: { description: fromSettings },
    },
  ],
}

const TRADER_VALUE_LABELS: Record<TraderValue, { de: string; en: string }> = {
  name: { de: 'Anbieter: Name', en: 'Trader: name' },
  address: { de: 'Anbieter: Anschrift', en: 'Trader: address' },
  email: { de: 'Anbieter: E-Mail', en: 'Trader: e-mail' },
  phone: { de: 'Anbieter: Telefon', en: 'Trader: phone' },
  contact: { de: 'Anbieter: Name, Anschrift, Telefon, E-Mail', en: 'Trader: name, address, phone, e-mail' },
  postal: { de: 'Anbieter: Name, Anschrift, E-Mail', en: 'Trader: name, address, e-mail' },
}

/** One inline block per detail, without fields: its label says what the settings will fill in. */
const traderValues: Block[] = (Object.keys(TRADER_VALUE_BLOCKS) as TraderValue[]).map((value) => ({
  slug: TRADER_VALUE_BLOCKS[value],
  labels: { singular: TRADER_VALUE_LABELS[value], plural: TRADER_VALUE_LABELS[value] },
  fields: [],
}))

/** No fields: the sentence depends on the setting "VAT" (included VAT, or the § 19 UStG note). */
const vatNotice: Block = {
  slug: VAT_NOTICE_BLOCK,
  labels: {
    singular: { de: 'Hinweis zur Umsatzsteuer (aus den Einstellungen)', en: 'VAT notice (from the settings)' },
    plural: { de: 'Hinweise zur Umsatzsteuer', en: 'VAT notices' },
  },
  fields: [],
}

/**
 * The legal pages of spec section 2, one document each, edited by the seller in German and
 * English. They are created with complete default texts on every start when missing
 * (src/legal/ensure-legal-pages.ts); deleting one brings its default back at the next start.
 */
export const LegalPages: CollectionConfig = {
  slug: 'legal-pages',
  labels: {
    singular: { de: 'Rechtstext', en: 'Legal text' },
    plural: { de: 'Rechtstexte', en: 'Legal texts' },
  },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'page', 'updatedAt'],
    group: { de: 'Inhalte', en: 'Content' },
    description: {
      de: 'Name, Anschrift, Kontakt und Umsatzsteuer kommen aus den Einstellungen (Blöcke „Anbieterangaben“, „Anbieter: …“ im Satz und „Hinweis zur Umsatzsteuer“). Bitte vor dem Start von einer Anwältin oder einem Anwalt prüfen lassen.',
      en: 'Name, address, contact and VAT come from the settings (blocks "Trader details", "Trader: …" within a sentence and "VAT notice"). Have them reviewed by a lawyer before going live.',
    },
  },
  access: { read: anyone, create: nobody, update: isAdmin, delete: isAdmin },
  fields: [
    {
      name: 'page',
      label: { de: 'Seite', en: 'Page' },
      type: 'select',
      required: true,
      unique: true,
      options: [
        { value: 'terms', label: { de: 'AGB', en: 'Terms' } },
        { value: 'paymentTerms', label: { de: 'Zahlungsbedingungen', en: 'Payment terms' } },
        { value: 'withdrawal', label: { de: 'Widerrufsbelehrung', en: 'Withdrawal instructions' } },
        { value: 'privacy', label: { de: 'Datenschutzerklärung', en: 'Privacy statement' } },
        { value: 'imprint', label: { de: 'Impressum', en: 'Imprint' } },
      ],
      admin: { readOnly: true, position: 'sidebar' },
    },
    { name: 'title', label: { de: 'Titel', en: 'Title' }, type: 'text', required: true, localized: true },
    {
      name: 'content',
      label: { de: 'Text', en: 'Text' },
      type: 'richText',
      required: true,
      localized: true,
      editor: lexicalEditor({
        features: ({ defaultFeatures }) => [...defaultFeatures, BlocksFeature({ blocks: [traderDetails, vatNotice], inlineBlocks: traderValues })],
      }),
    },
  ],
}
