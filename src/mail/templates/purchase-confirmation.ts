import type { Locale } from '@/i18n/locales'
import { legalTextFor } from '@/legal/legal-text'
import { bankTransferFor, purchaseTransferReference } from '@/payments/bank-transfer'
import { paysOnline } from '@/rules/choices'
import { bankTransferBlocks } from '../bank-transfer-blocks'
import { composeMail, type MailBlock } from '../layout'
import { loadPurchaseForMail, myMusicLink, purchaseConsentBlocks, purchaseFacts, purchaseGreetingName, purchaseLink } from '../purchase-parts'
import type { MailAttachment, MailTemplate } from '../template'

const TEXTS: Record<
  Locale,
  {
    subject: (id: number) => string
    heading: string
    intro: (name: string) => string
    bankTitle: string
    bankIntro: string
    payOnline: string
    payButton: string
    ready: string
    myMusic: string
    view: string
  }
> = {
  de: {
    subject: (id) => `Kaufbestätigung – dein Musikkauf Nr. ${id}`,
    heading: 'Danke für deinen Kauf',
    intro: (name) =>
      `Hallo ${name},\nvielen Dank für deinen Kauf. Mit dieser E-Mail bestätige ich den Eingang und nehme ihn an; damit ist der Vertrag geschlossen. Unten findest du alle Angaben, deine Zustimmungen, meine AGB und die Widerrufsbelehrung. Bitte bewahre diese E-Mail auf.`,
    bankTitle: 'Bitte überweise den Betrag',
    bankIntro:
      'Scanne den GiroCode mit deiner Banking-App oder überweise mit diesen Angaben. Sobald deine Zahlung eingegangen ist, ist die Musik in deinem Konto.',
    payOnline: 'Du hast Online-Zahlung gewählt. Falls die Zahlung noch nicht abgeschlossen ist, kannst du sie in deinem Konto jederzeit nachholen.',
    payButton: 'Kauf ansehen und bezahlen',
    ready: 'Deine Musik ist schon in deinem Konto unter „Meine Musik“: zum Herunterladen, jederzeit.',
    myMusic: 'Zu „Meine Musik“',
    view: 'Kauf in deinem Konto ansehen',
  },
  en: {
    subject: (id) => `Purchase confirmation – your music purchase no. ${id}`,
    heading: 'Thank you for your purchase',
    intro: (name) =>
      `Hello ${name},\nthank you for your purchase. With this e-mail I confirm that I have received and accept it; the contract is now concluded. Below you find all details, your consents, my terms and the withdrawal information. Please keep this e-mail.`,
    bankTitle: 'Please transfer the amount',
    bankIntro: 'Scan the GiroCode with your banking app or transfer with these details. As soon as your payment has arrived, the music is in your account.',
    payOnline: 'You chose to pay online. If the payment is not complete yet, you can finish it in your account at any time.',
    payButton: 'View and pay your purchase',
    ready: 'Your music is already in your account under "My music", to download at any time.',
    myMusic: 'Go to "My music"',
    view: 'View the purchase in your account',
  },
}

/**
 * The purchase confirmation on a durable medium (§ 312f BGB): what was bought at which price with
 * VAT, how to pay (bank details and GiroCode for prepayment), the two consents word for word
 * (§ 356 Abs. 5 BGB: the digital content's, with the loss of the right of withdrawal), the terms.
 */
export const purchaseConfirmation: MailTemplate = async (payload, { locale, data }) => {
  const texts = TEXTS[locale]
  const loaded = await loadPurchaseForMail(payload, data.purchase)
  const { purchase, settings } = loaded
  const attachments: MailAttachment[] = []
  const blocks: MailBlock[] = [{ paragraph: texts.intro(purchaseGreetingName(loaded)) }, ...(await purchaseFacts(loaded, locale))]

  const transfer = bankTransferFor(purchase, settings, purchaseTransferReference(purchase.id))
  if (transfer) {
    const bank = await bankTransferBlocks(transfer, locale, texts)
    attachments.push(bank.attachment)
    blocks.push(...bank.blocks, { button: { label: texts.view, url: purchaseLink(purchase) } })
  } else if (purchase.status === 'pending_payment' && paysOnline(purchase.payment_method)) {
    blocks.push({ paragraph: texts.payOnline }, { button: { label: texts.payButton, url: purchaseLink(purchase) } })
  } else if (purchase.status === 'paid') {
    blocks.push({ paragraph: texts.ready }, { button: { label: texts.myMusic, url: myMusicLink() } })
  } else {
    blocks.push({ button: { label: texts.view, url: purchaseLink(purchase) } })
  }

  blocks.push(...purchaseConsentBlocks(loaded, locale))
  // The contract terms on a durable medium, in the words of the pages at the time of the purchase.
  for (const page of ['terms', 'withdrawal'] as const) {
    const legal = await legalTextFor(payload, page, locale)
    blocks.push({ heading: legal.title }, { richText: { html: legal.html, text: legal.text } })
  }
  return { subject: texts.subject(purchase.id), ...composeMail({ locale, heading: texts.heading, blocks }), attachments }
}
