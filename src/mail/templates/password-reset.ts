import { RESET_LINK_MINUTES, resetLinkIfOpen, SEALED_TOKEN } from '@/auth/password-reset'
import type { Locale } from '@/i18n/locales'
import { accountName, composeWithOneTimeLink, loadAccountForMail } from '../account-parts'
import { composeMail, shopLink } from '../layout'
import type { MailTemplate } from '../template'

const TEXTS: Record<
  Locale,
  { subject: string; heading: string; body: (name: string) => string; button: string; notYou: string; expired: string; requestNew: string }
> = {
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

/**
 * Sent after a request on /forgot-password: the link to /reset-password with the token sealed
 * into the queued mail. The record keeps neither the link nor, once sent, the sealed token; so a
 * mail sent again by the seller (or one whose token a newer request, a new password or a new
 * address has ended) carries no link but the way to ask for a new one.
 */
export const passwordReset: MailTemplate = async (payload, { locale, data }) => {
  const texts = TEXTS[locale]
  const account = await loadAccountForMail(payload, data.user)
  const link = await resetLinkIfOpen(payload, account.id, data[SEALED_TOKEN])
  const greeting = { paragraph: texts.body(accountName(account)) }
  const recordedData = { user: account.id }
  if (!link) {
    const blocks = [greeting, { paragraph: texts.expired }, { button: { label: texts.requestNew, url: shopLink('/forgot-password') } }]
    return { subject: texts.subject, ...composeMail({ locale, heading: texts.heading, blocks }), recordedData }
  }
  const blocks = (url: string) => [greeting, { button: { label: texts.button, url } }, { paragraph: texts.notYou }]
  return { subject: texts.subject, ...composeWithOneTimeLink({ locale, heading: texts.heading, blocks }, link), recordedData }
}
