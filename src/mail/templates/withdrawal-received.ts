import type { Payload } from 'payload'
import { formatDateTime } from '@/i18n/format-date'
import type { Locale } from '@/i18n/locales'
import { composeMail, shopLink } from '../layout'
import type { MailTemplate } from '../template'

async function loadWithdrawal(payload: Payload, id: unknown) {
  if (typeof id !== 'number') throw new Error('The mail names no withdrawal.')
  return payload.findByID({ collection: 'withdrawals', id, depth: 0 })
}

const RECEIVED: Record<Locale, { subject: string; heading: string; intro: (name: string, at: string) => string; receivedAt: string; next: string }> = {
  de: {
    subject: 'Eingangsbestätigung: dein Widerruf',
    heading: 'Dein Widerruf ist eingegangen',
    intro: (name, at) => `Hallo ${name},\nwir bestätigen dir den Eingang deiner Widerrufserklärung am ${at}. Sie lautet:`,
    receivedAt: 'Eingegangen am',
    next: 'Wir melden uns bei dir. Besteht das Widerrufsrecht, erstatten wir dir innerhalb von 14 Tagen über das Zahlungsmittel, mit dem du bezahlt hast.',
  },
  en: {
    subject: 'Confirmation of receipt: your withdrawal',
    heading: 'Your withdrawal has been received',
    intro: (name, at) => `Hello ${name},\nwe confirm that we received your declaration of withdrawal on ${at}. It reads:`,
    receivedAt: 'Received on',
    next: 'We will get back to you. If the right of withdrawal applies, we refund you within 14 days through the means of payment you used.',
  },
}

/**
 * To the customer at once, on a durable medium (§ 356a BGB): the declaration exactly as confirmed
 * and stored, with the date and time of receipt, in the language of the form.
 */
export const withdrawalReceived: MailTemplate = async (payload, { locale, data }) => {
  const withdrawal = await loadWithdrawal(payload, data.withdrawal)
  const texts = RECEIVED[locale]
  const at = formatDateTime(withdrawal.received_at, locale)
  const blocks = [
    { paragraph: texts.intro(withdrawal.name.slice(0, 60), at) },
    { preformatted: withdrawal.declaration },
    { facts: [[texts.receivedAt, at]] as Array<[string, string]> },
    { paragraph: texts.next },
  ]
  return { subject: texts.subject, ...composeMail({ locale, heading: texts.heading, blocks }) }
}

/** A short note to the seller (German, their language), reply-to the customer; the seller decides what follows. */
export const withdrawalNotice: MailTemplate = async (payload, { data }) => {
  const withdrawal = await loadWithdrawal(payload, data.withdrawal)
  const orderId = typeof withdrawal.order === 'object' ? withdrawal.order?.id : withdrawal.order
  const facts: Array<[string, string]> = [
    ['Eingegangen am', formatDateTime(withdrawal.received_at, 'de')],
    ['Name', withdrawal.name],
    ['E-Mail', withdrawal.email],
    ['Bestellnummer', withdrawal.order_number],
    ['Zugeordnet', orderId ? `Bestellung Nr. ${orderId}` : 'keine Bestellung – bitte selbst prüfen'],
  ]
  const blocks = [
    { paragraph: 'Über „Vertrag widerrufen“ ist ein Widerruf eingegangen. Der Kunde hat die Eingangsbestätigung bereits erhalten; ob und wie du erstattest, entscheidest du.' },
    { facts },
    { button: { label: 'Im Admin ansehen', url: shopLink(`/admin/collections/withdrawals/${withdrawal.id}`) } },
  ]
  return { subject: `Widerruf zu Bestellung Nr. ${withdrawal.order_number}`, ...composeMail({ locale: 'de', heading: 'Neuer Widerruf', blocks }) }
}
