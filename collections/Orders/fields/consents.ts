import type { Field } from 'payload'
import { recordedByOrderForm } from '../../access/placedThroughShop'
import { DAY_AND_TIME } from '../../fields/dayAndTime'
import type { Locale } from '../../../src/i18n/locales'

/** What the customer agreed to when ordering, and in which language. */
export const consentsField: Field = {
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
        description: {
          de: 'Welche Fassung der beiden Texte die Kasse zeigte, als der Kunde zustimmte.',
          en: 'Which version of the two texts the checkout showed when the customer agreed.',
        },
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
}
