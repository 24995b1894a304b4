import { confirmedFollowerForMail, composeFollowerMail } from '../follower-mail'
import { issueFollowConfirmationLink } from '../follower-confirmation-link'
import type { Locale } from '@/i18n/locales'
import { FOLLOW_CONFIRMATION_HOURS } from '@/rules/followers'
import { composeWithOneTimeLink } from '../account-parts'
import { type MailBlock, shopLink } from '../layout'
import { MailNotNeeded, type MailTemplate } from '../template'

const CONFIRM_TEXTS: Record<Locale, { subject: string; heading: string; body: string; consent: string; button: string; notYou: string }> = {
  de: {
    subject: 'Bitte bestätige: Neuigkeiten von Lina Sommer per E-Mail',
    heading: 'Noch ein Klick',
    body: `Jemand – hoffentlich du – möchte mit dieser Adresse per E-Mail von neuer Musik und Neuigkeiten von Lina Sommer erfahren. Bitte bestätige das mit dem Knopf unten. Der Link gilt ${FOLLOW_CONFIRMATION_HOURS} Stunden.`,
    consent: 'Deine Einwilligung:',
    button: 'Ja, ich möchte Neuigkeiten bekommen',
    notYou: 'Du warst das nicht? Dann ignoriere diese E-Mail einfach: ohne Bestätigung bekommst du nichts weiter, und wir löschen die Adresse nach 7 Tagen.',
  },
  en: {
    subject: 'Please confirm: news from Lina Sommer by e-mail',
    heading: 'One more click',
    body: `Someone – hopefully you – would like to hear of new music and news from Lina Sommer at this address. Please confirm with the button below. The link works for ${FOLLOW_CONFIRMATION_HOURS} hours.`,
    consent: 'Your consent:',
    button: 'Yes, I would like to get news',
    notYou: 'It was not you? Then simply ignore this e-mail: without confirmation you get nothing more, and we delete the address after 7 days.',
  },
}

/** The double opt-in mail to a pending sign-up: the only mail an unconfirmed address ever gets. Its link is made now, stored as a hash, and not kept in the mail's record. */
export const followConfirm: MailTemplate = async (payload, { locale, data }) => {
  const texts = CONFIRM_TEXTS[locale]
  const link = await issueFollowConfirmationLink(payload, data.follower)
  if (!link) throw new MailNotNeeded('The sign-up is no longer pending (confirmed, unsubscribed or deleted): no confirmation link is needed.')
  const blocks = (url: string): MailBlock[] => [
    { paragraph: texts.body },
    { paragraph: `${texts.consent}\n„${link.consentText}“` },
    { button: { label: texts.button, url } },
    { paragraph: texts.notYou },
  ]
  return { subject: texts.subject, ...composeWithOneTimeLink({ locale, heading: texts.heading, blocks }, link.url) }
}

const WELCOME_TEXTS: Record<Locale, { subject: string; heading: string; body: string; button: string }> = {
  de: {
    subject: 'Du folgst jetzt Lina Sommer',
    heading: 'Schön, dass du dabei bist',
    body: 'Deine Adresse ist bestätigt. Wenn neue Musik oder Neuigkeiten erscheinen, bekommst du eine E-Mail – höchstens zwei im Monat.',
    button: 'Musik anhören',
  },
  en: {
    subject: 'You now follow Lina Sommer',
    heading: 'Lovely to have you',
    body: 'Your address is confirmed. When new music or news comes out, you get an e-mail – at most two a month.',
    button: 'Listen to the music',
  },
}

/** After the confirmation: the first mail to a confirmed follower, with the personal unsubscribe link and the list headers. */
export const followWelcome: MailTemplate = async (payload, { data }) => {
  const follower = await confirmedFollowerForMail(payload, data.follower)
  const texts = WELCOME_TEXTS[follower.locale]
  return composeFollowerMail(payload, follower, {
    subject: texts.subject,
    heading: texts.heading,
    blocks: [{ paragraph: texts.body }, { button: { label: texts.button, url: shopLink('/music') } }],
  })
}
