import { currentResetLink, RESET_LINK_MINUTES } from '@/auth/password-reset'
import type { Locale } from '@/i18n/locales'
import { accountName, composeWithOneTimeLink, loadAccountForMail } from '../account-parts'
import { composeMail, shopLink } from '../layout'
import type { MailTemplate } from '../template'

const TEXTS: Record<Locale, { subject: string; heading: string; body: (name: string) => string; button: string; notYou: string; expired: string; requestNew: string }> = {
  de: {
    subject: 'Neues Passwort festlegen',
    heading: 'Neues Passwort festlegen',
    body: (name) =>
      `Hallo ${name},\njemand – hoffentlich du – möchte ein neues Passwort für dein Konto festlegen. Über den Link wählst du es; er gilt ${RESET_LINK_MINUTES} Minuten und nur einmal.`,
    button: 'Neues Passwort festlegen',
    notYou: 'Warst du das nicht? Dann ignoriere diese E-Mail einfach – dein bisheriges Passwort bleibt gültig.',
    expired: 'Dieser Link ist inzwischen abgelaufen. Einen neuen forderst du hier an:',
    requestNew: 'Neuen Link anfordern',
  },
  en: {
    subject: 'Set a new password',
    heading: 'Set a new password',
    body: (name) =>
      `Hello ${name},\nsomeone – hopefully you – asked to set a new password for your account. Use the link to choose it; it works once, for ${RESET_LINK_MINUTES} minutes.`,
    button: 'Set a new password',
    notYou: 'Was this not you? Then simply ignore this e-mail – your current password stays valid.',
    expired: 'This link has expired in the meantime. You can ask for a new one here:',
    requestNew: 'Ask for a new link',
  },
}

/** Sent after a request on /forgot-password: the link to /reset-password with the account's current token. */
export const passwordReset: MailTemplate = async (payload, { locale, data }) => {
  const texts = TEXTS[locale]
  const account = await loadAccountForMail(payload, data.user)
  const link = await currentResetLink(payload, account.id)
  const greeting = { paragraph: texts.body(accountName(account)) }
  if (!link) {
    // Sent again by the seller after the hour: no dead link, the way to a new one.
    const blocks = [greeting, { paragraph: texts.expired }, { button: { label: texts.requestNew, url: shopLink('/forgot-password') } }]
    return { subject: texts.subject, ...composeMail({ locale, heading: texts.heading, blocks }) }
  }
  const blocks = (url: string) => [greeting, { button: { label: texts.button, url } }, { paragraph: texts.notYou }]
  return { subject: texts.subject, ...composeWithOneTimeLink({ locale, heading: texts.heading, blocks }, link) }
}
