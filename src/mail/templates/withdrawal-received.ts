import type { Payload } from 'payload'
import { formatDateTime } from '@/i18n/format-date'
import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/translator'
import { receiptRecipient } from '@/withdrawals/receipt-recipient'
import { composeMail, shopLink } from '../layout'
import type { MailTemplate } from '../template'
import { idOf } from '@/site/relation-id'

async function loadWithdrawal(payload: Payload, id: unknown) {
  if (typeof id !== 'number') throw new Error('The mail names no withdrawal.')
  return payload.findByID({ collection: 'withdrawals', id, depth: 0 })
}

type ReceiptTexts = {
  subject: string
  heading: string
  intro: (name: string, at: string) => string
  introWithoutName: (at: string) => string
  receivedAt: string
  /** Why the free text is not repeated: the address is not the sending account's, or the account never confirmed it. */
  notQuoted: { 'other-address': string; 'unconfirmed-address': string }
  next: string
}

const RECEIVED: Record<Locale, ReceiptTexts> = {
  de: {
    subject: 'Eingangsbestätigung: dein Widerruf',
    heading: 'Dein Widerruf ist eingegangen',
    intro: (name, at) => `Hallo ${name},\nwir bestätigen dir den Eingang deiner Widerrufserklärung am ${at}. Sie lautet:`,
    introWithoutName: (at) => `Hallo,\nwir bestätigen den Eingang einer Widerrufserklärung am ${at}, die mit dieser E-Mail-Adresse abgegeben wurde:`,
    receivedAt: 'Eingegangen am',
    notQuoted: {
      'other-address':
        'Die übrigen Angaben der Erklärung haben wir vollständig gespeichert. Wir wiederholen sie hier nicht, weil die Erklärung nicht aus dem Kundenkonto dieser E-Mail-Adresse kam.',
      'unconfirmed-address':
        'Die übrigen Angaben der Erklärung haben wir vollständig gespeichert. Wir wiederholen sie hier nicht, weil diese E-Mail-Adresse im Kundenkonto noch nicht bestätigt ist.',
    },
    next: 'Wir melden uns bei dir. Besteht das Widerrufsrecht, erstatten wir dir innerhalb von 14 Tagen über das Zahlungsmittel, mit dem du bezahlt hast.',
  },
  en: {
    subject: 'Confirmation of receipt: your withdrawal',
    heading: 'Your withdrawal has been received',
    intro: (name, at) => `Hello ${name},\nwe confirm that we received your declaration of withdrawal on ${at}. It reads:`,
    introWithoutName: (at) => `Hello,\nwe confirm that we received a declaration of withdrawal on ${at}, given with this e-mail address:`,
    receivedAt: 'Received on',
    notQuoted: {
      'other-address':
        'We have stored the rest of the declaration in full. We do not repeat it here because it was not sent from the customer account of this e-mail address.',
      'unconfirmed-address':
        'We have stored the rest of the declaration in full. We do not repeat it here because this e-mail address has not been confirmed in the customer account yet.',
    },
    next: 'We will get back to you. If the right of withdrawal applies, we refund you within 14 days through the means of payment you used.',
  },
}

/**
 * To the customer at once, on a durable medium (§ 356a BGB): the declaration with the date and
 * time of receipt, in the language of the form. Quoted exactly as confirmed and stored when it
 * goes to the logged-in sender's own, confirmed address; to any other address (an unconfirmed one
 * included) the declaration's fixed wording with the order number and the time of receipt, never
 * the free text typed in (src/withdrawals/receipt-recipient.ts). The seller has it all in the admin.
 */
export const withdrawalReceived: MailTemplate = async (payload, { locale, data }) => {
  const withdrawal = await loadWithdrawal(payload, data.withdrawal)
  const texts = RECEIVED[locale]
  const at = formatDateTime(withdrawal.received_at, locale)
  const recipient = await receiptRecipient(payload, withdrawal)
  const blocks =
    recipient === 'own-confirmed-address'
      ? [
          { paragraph: texts.intro(withdrawal.name.slice(0, 60), at) },
          { preformatted: withdrawal.declaration },
          { facts: [[texts.receivedAt, at]] as Array<[string, string]> },
          { paragraph: texts.next },
        ]
      : [
          { paragraph: texts.introWithoutName(at) },
          { preformatted: messagesFor(locale).withdrawalForm.declaration.statement.replace('{{number}}', withdrawal.order_number) },
          { facts: [[texts.receivedAt, at]] as Array<[string, string]> },
          { paragraph: texts.notQuoted[recipient] },
          { paragraph: texts.next },
        ]
  return { subject: texts.subject, ...composeMail({ locale, heading: texts.heading, blocks }) }
}

/** A short note to the seller (German, their language), reply-to the customer; the seller decides what follows. */
export const withdrawalNotice: MailTemplate = async (payload, { data }) => {
  const withdrawal = await loadWithdrawal(payload, data.withdrawal)
  const orderId = idOf(withdrawal.order)
  const facts: Array<[string, string]> = [
    ['Eingegangen am', formatDateTime(withdrawal.received_at, 'de')],
    ['Name', withdrawal.name],
    ['E-Mail', withdrawal.email],
    ['Bestellnummer', withdrawal.order_number],
    ['Zugeordnet', orderId ? `Bestellung Nr. ${orderId}` : 'keine Bestellung – bitte selbst prüfen'],
  ]
  const blocks = [
    {
      paragraph:
        'Über „Vertrag widerrufen“ ist ein Widerruf eingegangen. Der Kunde hat die Eingangsbestätigung bereits erhalten; ob und wie du erstattest, entscheidest du.',
    },
    { facts },
    { button: { label: 'Im Admin ansehen', url: shopLink(`/admin/collections/withdrawals/${withdrawal.id}`) } },
  ]
  return { subject: `Widerruf zu Bestellung Nr. ${withdrawal.order_number}`, ...composeMail({ locale: 'de', heading: 'Neuer Widerruf', blocks }) }
}
