import type { Locale } from '@/i18n/locales'
import { composeMail } from '../layout'
import { greetingName, loadOrderForMail, orderButton } from '../order-parts'
import type { MailTemplate } from '../template'

const TEXTS: Record<Locale, { subject: (id: number) => string; heading: string; body: (name: string) => string; listen: string }> = {
  de: {
    subject: (id) => `Dein Song ist fertig – Bestellung Nr. ${id}`,
    heading: 'Dein Song ist fertig',
    body: (name) =>
      `Hallo ${name},\ndein Song ist fertig und wartet in deinem Konto auf dich. Nimm dir einen ruhigen Moment, hör ihn dir an – und wenn du glücklich damit bist, bestätige es dort mit einem Klick.`,
    listen: 'Jetzt anhören',
  },
  en: {
    subject: (id) => `Your song is ready – order no. ${id}`,
    heading: 'Your song is ready',
    body: (name) =>
      `Hello ${name},\nyour song is ready and waiting for you in your account. Take a quiet moment, listen to it – and when you are happy with it, confirm it there with one click.`,
    listen: 'Listen now',
  },
}

/** Sent when the seller has delivered the finished song. */
export const songDelivered: MailTemplate = async (payload, { locale, data }) => {
  const texts = TEXTS[locale]
  const loaded = await loadOrderForMail(payload, data.order)
  const blocks = [{ paragraph: texts.body(greetingName(loaded)) }, orderButton(loaded.order, texts.listen)]
  return { subject: texts.subject(loaded.order.id), ...composeMail({ locale, heading: texts.heading, blocks }) }
}
