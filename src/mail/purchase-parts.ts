import { MY_MUSIC_ROUTE } from '@/site/routes'
import type { Payload } from 'payload'
import type { Purchase, Setting, User } from '../../payload-types'
import { formatDate, formatDateTime } from '@/i18n/format-date'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import { messagesFor, translatorFor } from '@/i18n/translator'
import { plainConsentText } from '@/orders/consent'
import { isPurchaseConsentVersion, purchaseConsentWording } from '@/purchases/consent'
import { PURCHASE_STATUS_LABELS } from '@/purchases/status'
import { paymentMethodLabel } from '@/rules/choices'
import { idOf } from '@/site/relation-id'
import { type MailBlock, shopLink } from './layout'

export type PurchaseForMail = { purchase: Purchase; customer: User; settings: Setting }

/** The purchase, its buyer and the trader's settings, as they are when the mail is sent. */
export async function loadPurchaseForMail(payload: Payload, purchaseId: unknown): Promise<PurchaseForMail> {
  if (typeof purchaseId !== 'number') throw new Error('The mail names no purchase.')
  const purchase = await payload.findByID({ collection: 'purchases', id: purchaseId, depth: 0 })
  const [customer, settings] = await Promise.all([
    payload.findByID({ collection: 'users', id: idOf(purchase.customer)!, depth: 0 }),
    payload.findGlobal({ slug: 'settings', depth: 0 }),
  ])
  return { purchase, customer, settings }
}

/** How the buyer is greeted: the billing name they gave, else their username. */
export const purchaseGreetingName = ({ purchase, customer }: PurchaseForMail) => purchase.billing_name?.trim() || customer.username || customer.email

const LABELS: Record<Locale, { number: string; boughtOn: string; status: string; kinds: Record<Purchase['lines'][number]['kind'], string> }> = {
  de: { number: 'Kaufnummer', boughtOn: 'Gekauft am', status: 'Status', kinds: { 'music-group': 'Album', track: 'Titel', tip: 'Trinkgeld' } },
  en: { number: 'Purchase number', boughtOn: 'Bought on', status: 'Status', kinds: { 'music-group': 'Album', track: 'Track', tip: 'Tip' } },
}

/** The purchase's number, date, payment method and status, then every line with its amount, the total and the VAT it includes (or the § 19 UStG note). */
export async function purchaseFacts({ purchase }: PurchaseForMail, locale: Locale): Promise<MailBlock[]> {
  const labels = LABELS[locale]
  const messages = messagesFor(locale)
  const t = await translatorFor(locale)
  const vatNote =
    purchase.vat_amount > 0
      ? t('checkout.vatIncluded', { rate: Math.max(...purchase.lines.map((line) => line.vat_rate)), amount: formatPrice(purchase.vat_amount, locale) })
      : messages.checkout.smallBusiness
  return [
    {
      facts: [
        [labels.number, String(purchase.id)],
        [labels.boughtOn, formatDate(purchase.createdAt, locale)],
        [messages.orderPage.paymentMethod, paymentMethodLabel(purchase.payment_method, locale)],
        [labels.status, PURCHASE_STATUS_LABELS[purchase.status][locale]],
      ],
    },
    {
      facts: [
        ...purchase.lines.map((line): [string, string] => [`${labels.kinds[line.kind]}: ${line.title}`, formatPrice(line.amount, locale)]),
        [messages.checkout.total, formatPrice(purchase.total, locale)],
      ],
    },
    { paragraph: vatNote },
  ]
}

const CONSENT_TEXTS: Record<Locale, { title: string; intro: string; agreedAt: (when: string) => string }> = {
  de: { title: 'Deine Zustimmungen', intro: 'Vor dem Kauf hast du diesen Erklärungen zugestimmt:', agreedAt: (when) => `Zugestimmt am ${when}` },
  en: { title: 'Your consents', intro: 'Before buying, you agreed to these statements:', agreedAt: (when) => `Agreed on ${when}` },
}

/** The two consents the buyer gave at the checkout, word for word in the version they saw, each with its time. */
export function purchaseConsentBlocks({ purchase }: PurchaseForMail, locale: Locale): MailBlock[] {
  const version = purchase.consent_wording_version
  if (!isPurchaseConsentVersion(version)) return []
  const texts = CONSENT_TEXTS[locale]
  const wording = purchaseConsentWording(version, locale)
  const quoted = (text: string) => (locale === 'de' ? `„${text}“` : `“${text}”`)
  const given = (segments: Parameters<typeof plainConsentText>[0], at: string | null | undefined): MailBlock[] =>
    at ? [{ paragraph: quoted(plainConsentText(segments)) }, { paragraph: texts.agreedAt(formatDateTime(at, locale)) }] : []
  return [
    { heading: texts.title },
    { paragraph: texts.intro },
    ...given(wording.terms, purchase.terms_accepted_at),
    ...given(wording.digitalContent, purchase.digital_content_consent_at),
  ]
}

/** "My music": one address in both languages, like every account page (the language is the visitor's choice). */
export const myMusicLink = (): string => shopLink(MY_MUSIC_ROUTE)

/** The purchase's page in the account. */
export const purchaseLink = (purchase: Purchase): string => shopLink(`/account/purchases/${purchase.id}`)
