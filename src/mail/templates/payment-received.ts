import type { Locale } from '@/i18n/locales'
import { composeMail } from '../layout'
import { greetingName, loadOrderForMail, orderButton, orderFacts, priceFacts } from '../order-parts'
import type { MailAttachment, MailTemplate } from '../template'
import { idOf } from '@/site/relation-id'

const TEXTS: Record<Locale, { subject: (id: number) => string; heading: string; body: (name: string) => string; invoice: string; view: string }> = {
  de: {
    subject: (id) => `Zahlung erhalten – Bestellung Nr. ${id}`,
    heading: 'Deine Zahlung ist eingegangen',
    body: (name) => `Hallo ${name},\ndanke, deine Zahlung ist eingegangen. Ich beginne jetzt mit deinem Song und melde mich, sobald er fertig ist.`,
    invoice: 'Deine Rechnung findest du als PDF im Anhang und jederzeit in deinem Konto.',
    view: 'Bestellung ansehen',
  },
  en: {
    subject: (id) => `Payment received – order no. ${id}`,
    heading: 'Your payment has arrived',
    body: (name) => `Hello ${name},\nthank you, your payment has arrived. I am starting on your song now and will let you know as soon as it is ready.`,
    invoice: 'Your invoice is attached as a PDF and is always available in your account.',
    view: 'View your order',
  },
}

/** Sent when an order becomes paid, with the invoice issued in the same step attached. */
export const paymentReceived: MailTemplate = async (payload, { locale, data }) => {
  const texts = TEXTS[locale]
  const loaded = await loadOrderForMail(payload, data.order)
  const { order } = loaded
  const attachments: MailAttachment[] = []
  const invoiceId = idOf(order.invoice)
  if (invoiceId) {
    const invoice = await payload.findByID({ collection: 'invoices', id: invoiceId, depth: 0, select: { number: true, pdf: true } })
    attachments.push({ filename: `${invoice.number}.pdf`, content: Buffer.from(invoice.pdf, 'base64'), contentType: 'application/pdf' })
  }
  const blocks = [
    { paragraph: texts.body(greetingName(loaded)) },
    await orderFacts(payload, loaded, locale),
    ...(await priceFacts(loaded, locale)),
    ...(invoiceId ? [{ paragraph: texts.invoice }] : []),
    orderButton(order, texts.view),
  ]
  return { subject: texts.subject(order.id), ...composeMail({ locale, heading: texts.heading, blocks }), attachments }
}
