import { paysOnline } from '@/rules/choices'
import type { Order } from '../../../payload-types'
import { formatDateTime } from '@/i18n/format-date'
import type { Locale } from '@/i18n/locales'
import { legalTextFor } from '@/legal/legal-text'
import { consentTexts, isConsentWordingVersion } from '@/orders/consent'
import { bankTransferFor } from '@/payments/bank-transfer'
import { bankTransferBlocks } from '../bank-transfer-blocks'
import { composeMail, type MailBlock } from '../layout'
import { greetingName, loadOrderForMail, orderButton, orderFacts, priceFacts } from '../order-parts'
import type { MailAttachment, MailTemplate } from '../template'

const TEXTS: Record<
  Locale,
  {
    subject: (id: number) => string
    heading: string
    hello: (name: string) => string
    intro: string
    orderTitle: string
    priceTitle: string
    bankTitle: string
    bankIntro: string
    payOnline: string
    payButton: string
    view: string
    consentTitle: string
    consentIntro: string
    agreedAt: (when: string) => string
  }
> = {
  de: {
    subject: (id) => `Bestellbestätigung – deine Bestellung Nr. ${id}`,
    heading: 'Danke für deine Bestellung',
    hello: (name) => `Hallo ${name},`,
    intro:
      'vielen Dank für deine Bestellung. Mit dieser E-Mail bestätige ich den Eingang deiner Bestellung und nehme sie an; damit ist der Vertrag geschlossen. Unten findest du alle Angaben zu deiner Bestellung, meine AGB und die Widerrufsbelehrung mit dem Muster-Widerrufsformular. Bitte bewahre diese E-Mail auf.',
    orderTitle: 'Deine Bestellung',
    priceTitle: 'Preis',
    bankTitle: 'Bitte überweise den Betrag',
    bankIntro:
      'Scanne den GiroCode mit deiner Banking-App oder überweise mit diesen Angaben. Sobald deine Zahlung eingegangen ist, beginne ich mit deinem Song.',
    payOnline: 'Du hast Online-Zahlung gewählt. Falls die Zahlung noch nicht abgeschlossen ist, kannst du sie in deinem Konto jederzeit nachholen.',
    payButton: 'Bestellung ansehen und bezahlen',
    view: 'Bestellung in deinem Konto ansehen',
    consentTitle: 'Deine Zustimmungen',
    consentIntro: 'Vor dem Absenden deiner Bestellung hast du diesen Erklärungen zugestimmt:',
    agreedAt: (when) => `Zugestimmt am ${when}`,
  },
  en: {
    subject: (id) => `Order confirmation – your order no. ${id}`,
    heading: 'Thank you for your order',
    hello: (name) => `Hello ${name},`,
    intro:
      'thank you for your order. With this e-mail I confirm that I have received and accept your order; the contract is now concluded. Below you find all details of your order, my terms and the withdrawal instructions with the model withdrawal form. Please keep this e-mail.',
    orderTitle: 'Your order',
    priceTitle: 'Price',
    bankTitle: 'Please transfer the amount',
    bankIntro: 'Scan the GiroCode with your banking app or transfer with these details. As soon as your payment has arrived, I start on your song.',
    payOnline: 'You chose to pay online. If the payment is not complete yet, you can finish it in your account at any time.',
    payButton: 'View and pay your order',
    view: 'View the order in your account',
    consentTitle: 'Your consents',
    consentIntro: 'Before sending your order, you agreed to these statements:',
    agreedAt: (when) => `Agreed on ${when}`,
  },
}

/** The consents the customer gave before ordering, word for word as shown, each with its time. */
function consentBlocks(order: Order, locale: Locale): MailBlock[] {
  const version = order.consent_wording_version
  if (!isConsentWordingVersion(version)) return []
  const texts = TEXTS[locale]
  const wording = consentTexts(version, locale)
  const quoted = (text: string) => (locale === 'de' ? `„${text}“` : `“${text}”`)
  const given = (text: string, at: string | null | undefined): MailBlock[] =>
    at ? [{ paragraph: quoted(text) }, { paragraph: texts.agreedAt(formatDateTime(at, locale)) }] : []
  return [
    { heading: texts.consentTitle },
    { paragraph: texts.consentIntro },
    ...given(wording.terms, order.terms_accepted_at),
    ...given(wording.earlyStart, order.early_start_consent_at),
  ]
}

/**
 * The order confirmation on a durable medium (§ 312f BGB): what was ordered, the price with VAT,
 * how to pay (with bank details and GiroCode for prepayment), and the contract terms.
 */
export const orderConfirmation: MailTemplate = async (payload, { locale, data }) => {
  const texts = TEXTS[locale]
  const loaded = await loadOrderForMail(payload, data.order)
  const { order, settings } = loaded
  const attachments: MailAttachment[] = []
  const blocks: MailBlock[] = [
    { paragraph: `${texts.hello(greetingName(loaded))}\n${texts.intro}` },
    { heading: texts.orderTitle },
    await orderFacts(payload, loaded, locale),
    { heading: texts.priceTitle },
    ...(await priceFacts(loaded, locale)),
  ]

  const transfer = bankTransferFor(order, settings)
  if (transfer) {
    const bank = await bankTransferBlocks(transfer, locale, texts)
    attachments.push(bank.attachment)
    blocks.push(...bank.blocks, orderButton(order, texts.view))
  } else if (order.status === 'pending_payment' && paysOnline(order.payment_method)) {
    blocks.push({ paragraph: texts.payOnline }, orderButton(order, texts.payButton))
  } else {
    blocks.push(orderButton(order, texts.view))
  }

  blocks.push(...consentBlocks(order, locale))
  // The contract terms on a durable medium, in the words of the pages at the time of the order.
  for (const page of ['terms', 'withdrawal'] as const) {
    const legal = await legalTextFor(payload, page, locale)
    blocks.push({ heading: legal.title }, { richText: { html: legal.html, text: legal.text } })
  }

  return { subject: texts.subject(order.id), ...composeMail({ locale, heading: texts.heading, blocks }), attachments }
}
