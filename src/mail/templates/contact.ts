import type { Payload } from 'payload'
import type { Locale } from '@/i18n/locales'
import { composeMail, shopLink } from '../layout'
import type { MailTemplate } from '../template'

async function loadMessage(payload: Payload, id: unknown) {
  if (typeof id !== 'number') throw new Error('The mail names no contact message.')
  return payload.findByID({ collection: 'contact-messages', id, depth: 0 })
}

/** To the seller, with reply-to the visitor: answering the mail answers the visitor. Always German, the seller's language. */
export const contactCopy: MailTemplate = async (payload, { data }) => {
  const message = await loadMessage(payload, data.message)
  const blocks = [
    { paragraph: 'Über das Kontaktformular ist eine neue Nachricht gekommen. Wenn du auf diese E-Mail antwortest, geht die Antwort direkt an den Absender.' },
    {
      facts: [
        ['Name', message.name],
        ['E-Mail', message.email],
      ] as Array<[string, string]>,
    },
    { preformatted: message.message },
    { button: { label: 'Im Admin ansehen', url: shopLink(`/admin/collections/contact-messages/${message.id}`) } },
  ]
  return { subject: `Kontaktanfrage von ${message.name}`, ...composeMail({ locale: 'de', heading: 'Neue Kontaktanfrage', blocks }) }
}

const RECEIPT: Record<Locale, { subject: string; heading: string; body: (name: string) => string }> = {
  de: {
    subject: 'Danke für deine Nachricht',
    heading: 'Deine Nachricht ist angekommen',
    body: (name) => `Hallo ${name},\ndanke für deine Nachricht. Ich lese sie in Ruhe und melde mich so bald wie möglich bei dir.`,
  },
  en: {
    subject: 'Thank you for your message',
    heading: 'Your message has arrived',
    body: (name) => `Hello ${name},\nthank you for your message. I will read it in peace and get back to you as soon as I can.`,
  },
}

/**
 * A short receipt to the visitor. It does not quote the message: anyone can type any address into
 * the form, and a receipt carrying their text would let the shop relay spam to that address.
 */
export const contactReceipt: MailTemplate = async (payload, { locale, data }) => {
  const texts = RECEIPT[locale]
  const message = await loadMessage(payload, data.message)
  const blocks = [{ paragraph: texts.body(message.name.slice(0, 60)) }]
  return { subject: texts.subject, ...composeMail({ locale, heading: texts.heading, blocks }) }
}
