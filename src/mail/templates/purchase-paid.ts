import type { Locale } from '@/i18n/locales'
import { idOf } from '@/site/relation-id'
import { composeMail } from '../layout'
import { loadPurchaseForMail, myMusicLink, purchaseFacts, purchaseGreetingName } from '../purchase-parts'
import type { MailAttachment, MailTemplate } from '../template'

const TEXTS: Record<Locale, { subject: (id: number) => string; heading: string; body: (name: string) => string; invoice: string; myMusic: string }> = {
  de: {
    subject: (id) => `Deine Musik ist bereit – Musikkauf Nr. ${id}`,
    heading: 'Deine Musik ist bereit',
    body: (name) =>
      `Hallo ${name},\ndanke, deine Zahlung ist eingegangen. Deine Musik ist jetzt in deinem Konto unter „Meine Musik“: zum Herunterladen, jederzeit und in jedem angebotenen Format.`,
    invoice: 'Deine Rechnung findest du als PDF im Anhang und jederzeit in deinem Konto.',
    myMusic: 'Zu „Meine Musik“',
  },
  en: {
    subject: (id) => `Your music is ready – music purchase no. ${id}`,
    heading: 'Your music is ready',
    body: (name) =>
      `Hello ${name},\nthank you, your payment has arrived. Your music is now in your account under "My music", to download at any time in every format offered.`,
    invoice: 'Your invoice is attached as a PDF and is always available in your account.',
    myMusic: 'Go to "My music"',
  },
}

/** Sent when a purchase becomes paid: the link to "My music" and the invoice issued in the same step, attached. */
export const purchasePaid: MailTemplate = async (payload, { locale, data }) => {
  const texts = TEXTS[locale]
  const loaded = await loadPurchaseForMail(payload, data.purchase)
  const { purchase } = loaded
  const attachments: MailAttachment[] = []
  const invoiceId = idOf(purchase.invoice)
  if (invoiceId) {
    const invoice = await payload.findByID({ collection: 'invoices', id: invoiceId, depth: 0, select: { number: true, pdf: true } })
    attachments.push({ filename: `${invoice.number}.pdf`, content: Buffer.from(invoice.pdf, 'base64'), contentType: 'application/pdf' })
  }
  const blocks = [
    { paragraph: texts.body(purchaseGreetingName(loaded)) },
    { button: { label: texts.myMusic, url: myMusicLink() } },
    ...(await purchaseFacts(loaded, locale)),
    ...(invoiceId ? [{ paragraph: texts.invoice }] : []),
  ]
  return { subject: texts.subject(purchase.id), ...composeMail({ locale, heading: texts.heading, blocks }), attachments }
}
