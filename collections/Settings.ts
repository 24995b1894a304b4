import type { GlobalConfig } from 'payload'
import { anyone } from './access/anyone'
import { isAdmin } from './access/isAdmin'
import { globalCatalogChangeHook } from './hooks/announceCatalogChange'
import { DEFAULT_STREAMING_SURCHARGE } from '../src/rules/pricing'
import { FOLLOWER_MAILS_PER_MINUTE } from '../src/rules/followers'

const url = (name: string, de: string, en: string) => ({ name, label: { de, en }, type: 'text' as const })

/** The trader's data (imprint, invoices), prepayment bank account, surcharges and social links. */
export const Settings: GlobalConfig = {
  slug: 'settings',
  label: { de: 'Einstellungen', en: 'Settings' },
  admin: { group: { de: 'Verwaltung', en: 'Administration' } },
  access: { read: anyone, update: isAdmin },
  hooks: { afterChange: [globalCatalogChangeHook('settings')] },
  fields: [
    {
      // Set once the demo catalog was created, so a deleted demo item never comes back.
      name: 'demo_content_seeded',
      type: 'checkbox',
      defaultValue: false,
      admin: { hidden: true },
    },
    {
      type: 'tabs',
      tabs: [
        {
          label: { de: 'Anbieter', en: 'Trader' },
          fields: [
            { name: 'trader_name', label: { de: 'Name des Anbieters', en: 'Trader name' }, type: 'text', required: true },
            { name: 'address', label: { de: 'Anschrift', en: 'Address' }, type: 'textarea', required: true },
            { name: 'email', label: { de: 'E-Mail', en: 'E-mail' }, type: 'email', required: true },
            { name: 'phone', label: { de: 'Telefon', en: 'Phone' }, type: 'text' },
            { name: 'vat_id', label: { de: 'USt-IdNr.', en: 'VAT ID' }, type: 'text' },
            {
              name: 'tax_number',
              label: { de: 'Steuernummer', en: 'Tax number' },
              type: 'text',
              admin: {
                description: {
                  de: 'Steht auf jeder Rechnung, wenn es keine USt-IdNr. gibt (§ 14 Abs. 4 UStG).',
                  en: 'Printed on every invoice when there is no VAT ID (§ 14 (4) UStG).',
                },
              },
            },
            {
              name: 'vat_mode',
              label: { de: 'Umsatzsteuer', en: 'VAT' },
              type: 'select',
              required: true,
              defaultValue: 'standard',
              options: [
                { value: 'standard', label: { de: 'Regelbesteuerung (19 %)', en: 'Standard rate (19 %)' } },
                { value: 'small_business', label: { de: 'Kleinunternehmer (§ 19 UStG)', en: 'Small business (§ 19 UStG)' } },
              ],
            },
            {
              // EU VAT on digital downloads to consumers in other member states (issue 33): src/rules/digital-vat.ts.
              name: 'oss_registered',
              label: { de: 'Für das OSS-Verfahren registriert', en: 'Registered for the One-Stop-Shop (OSS)' },
              type: 'checkbox',
              defaultValue: false,
              admin: {
                description: {
                  de: 'Nur ankreuzen, wenn Sie beim BZSt für das OSS-Verfahren registriert sind: Downloads an Verbraucher in anderen EU-Ländern werden dann mit dem Steuersatz des Käuferlandes berechnet.',
                  en: 'Tick only when you are registered with the BZSt for the One-Stop-Shop: downloads to consumers in other EU countries are then charged at the buyer country’s rate.',
                },
              },
            },
          ],
        },
        {
          label: { de: 'Bankverbindung', en: 'Bank account' },
          fields: [
            { name: 'bank_account_holder', label: { de: 'Kontoinhaber', en: 'Account holder' }, type: 'text' },
            { name: 'bank_iban', label: { de: 'IBAN', en: 'IBAN' }, type: 'text' },
            { name: 'bank_bic', label: { de: 'BIC', en: 'BIC' }, type: 'text' },
            { name: 'bank_name', label: { de: 'Bank', en: 'Bank' }, type: 'text' },
          ],
        },
        {
          label: { de: 'Preise', en: 'Prices' },
          fields: [
            {
              name: 'streaming_surcharge',
              label: { de: 'Aufpreis Streaming-Veröffentlichung (EUR)', en: 'Streaming release surcharge (EUR)' },
              type: 'number',
              required: true,
              min: 0,
              defaultValue: DEFAULT_STREAMING_SURCHARGE,
            },
          ],
        },
        {
          label: { de: 'Follower', en: 'Followers' },
          fields: [
            {
              name: 'follower_mails_per_minute',
              label: { de: 'E-Mails an Follower pro Minute', en: 'Mails to followers per minute' },
              type: 'number',
              required: true,
              min: FOLLOWER_MAILS_PER_MINUTE.min,
              max: FOLLOWER_MAILS_PER_MINUTE.max,
              defaultValue: FOLLOWER_MAILS_PER_MINUTE.default,
              admin: {
                description: {
                  de: 'So viele E-Mails einer Veröffentlichung gehen höchstens pro Minute hinaus, damit dein Mailanbieter bei vielen Followern nicht sperrt. Frag ihn nach seinem Limit.',
                  en: 'At most this many mails of a release leave per minute, so your mail provider does not block a long list. Ask it for its limit.',
                },
              },
            },
          ],
        },
        {
          label: { de: 'Soziale Netzwerke', en: 'Social links' },
          fields: [
            {
              name: 'social',
              type: 'group',
              label: false,
              fields: [
                url('streaming', 'Musik-Streaming', 'Music streaming'),
                url('video', 'Video', 'Video'),
                url('photo', 'Foto', 'Photo'),
                url('social_network', 'Soziales Netzwerk', 'Social network'),
                url('short_video', 'Kurzvideo', 'Short video'),
              ],
            },
          ],
        },
      ],
    },
  ],
}
