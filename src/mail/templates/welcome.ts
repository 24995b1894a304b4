import { CONFIRMATION_LINK_DAYS, issueConfirmationLink } from '@/auth/email-confirmation'
import type { Locale } from '@/i18n/locales'
import { accountName, composeWithOneTimeLink, loadAccountForMail } from '../account-parts'
import { composeMail, type MailBlock } from '../layout'
import type { MailTemplate } from '../template'

const TEXTS: Record<Locale, { subject: string; heading: string; body: (name: string) => string; confirm: string; button: string; notYou: string }> = {
  de: {
    subject: 'Willkommen bei Lina Sommer',
    heading: 'Willkommen!',
    body: (name) =>
      `Hallo ${name},\nschön, dass du da bist. Mit deinem Konto bestellst du Wunschsongs und findest sie später dort zum Anhören und Herunterladen.`,
    confirm: `Bitte bestätige noch deine E-Mail-Adresse, damit dich Bestellbestätigungen und dein Song sicher erreichen. Der Link gilt ${CONFIRMATION_LINK_DAYS} Tage.`,
    button: 'E-Mail-Adresse bestätigen',
    notYou: 'Du hast kein Konto angelegt? Dann ignoriere diese E-Mail einfach.',
  },
  en: {
    subject: 'Welcome to Lina Sommer',
    heading: 'Welcome!',
    body: (name) => `Hello ${name},\nlovely to have you here. With your account you order custom songs and later find them there to listen to and download.`,
    confirm: `Please confirm your e-mail address as well, so that order confirmations and your song reach you safely. The link works for ${CONFIRMATION_LINK_DAYS} days.`,
    button: 'Confirm e-mail address',
    notYou: 'You did not create an account? Then simply ignore this e-mail.',
  },
}

/** Sent after the registration, in the language the customer registered in, with the link that confirms the address. */
export const welcome: MailTemplate = async (payload, { locale, data }) => {
  const texts = TEXTS[locale]
  const account = await loadAccountForMail(payload, data.user)
  const greeting: MailBlock = { paragraph: texts.body(accountName(account)) }
  const link = await issueConfirmationLink(payload, account.id, String(data.email))
  // Confirmed already (through a link asked for again) or the address changed since: a welcome without a link.
  if (!link) return { subject: texts.subject, ...composeMail({ locale, heading: texts.heading, blocks: [greeting] }) }
  const blocks = (url: string): MailBlock[] => [greeting, { paragraph: texts.confirm }, { button: { label: texts.button, url } }, { paragraph: texts.notYou }]
  return { subject: texts.subject, ...composeWithOneTimeLink({ locale, heading: texts.heading, blocks }, link) }
}
