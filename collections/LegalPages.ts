import { BlocksFeature, lexicalEditor } from '@payloadcms/richtext-lexical'
import type { Block, CollectionConfig } from 'payload'
import { TRADER_DETAILS_BLOCK, TRADER_VALUE_BLOCK, VAT_NOTICE_BLOCK } from '../src/legal/trader-blocks'
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

const traderValue: Block = {
  slug: TRADER_VALUE_BLOCK,
  labels: { singular: { de: 'Anbieterangabe im Satz', en: 'Trader detail in a sentence' }, plural: { de: 'Anbieterangaben im Satz', en: 'Trader details in a sentence' } },
  fields: [
    {
      name: 'value',
      label: { de: 'Angabe', en: 'Detail' },
      type: 'select',
      required: true,
      defaultValue: 'name',
      options: [
        { value: 'name', label: { de: 'Name', en: 'Name' } },
        { value: 'address', label: { de: 'Anschrift (eine Zeile)', en: 'Address (one line)' } },
        { value: 'email', label: { de: 'E-Mail', en: 'E-mail' } },
        { value: 'phone', label: { de: 'Telefon', en: 'Phone' } },
        { value: 'contact', label: { de: 'Name, Anschrift, Telefon, E-Mail', en: 'Name, address, phone, e-mail' } },
        { value: 'postal', label: { de: 'Name, Anschrift, E-Mail', en: 'Name, address, e-mail' } },
      ],
      admin: { description: fromSettings },
    },
  ],
}

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
      de: 'Name, Anschrift, Kontakt und Umsatzsteuer kommen aus den Einstellungen (Blöcke „Anbieterangaben“, „Anbieterangabe im Satz“, „Hinweis zur Umsatzsteuer“). Bitte vor dem Start von einer Anwältin oder einem Anwalt prüfen lassen.',
      en: 'Name, address, contact and VAT come from the settings (blocks "Trader details", "Trader detail in a sentence", "VAT notice"). Have them reviewed by a lawyer before going live.',
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
        features: ({ defaultFeatures }) => [
          ...defaultFeatures,
          BlocksFeature({ blocks: [traderDetails, vatNotice], inlineBlocks: [traderValue] }),
        ],
      }),
    },
  ],
}
