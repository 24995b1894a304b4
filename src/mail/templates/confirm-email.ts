import { CONFIRMATION_LINK_DAYS, issueConfirmationLink } from '@/auth/email-confirmation'
import type { Locale } from '@/i18n/locales'
import { accountName, composeWithOneTimeLink, loadAccountForMail } from '../account-parts'
import type { MailBlock } from '../layout'
import type { MailTemplate } from '../template'

const TEXTS: Record<Locale, { subject: string; heading: string; body: (name: string) => string; button: string; notYou: string }> = {
  de: {
    subject: 'Bitte bestätige deine E-Mail-Adresse',
    heading: 'E-Mail-Adresse bestätigen',
    body: (name) => `Hallo ${name},\nbitte bestätige, dass diese E-Mail-Adresse zu deinem Konto gehört. Der Link gilt ${CONFIRMATION_LINK_DAYS} Tage.`,
    button: 'E-Mail-Adresse bestätigen',
    notYou: 'Du hast das nicht veranlasst? Dann ignoriere diese E-Mail einfach.',
  },
  en: {
    subject: 'Please confirm your e-mail address',
    heading: 'Confirm your e-mail address',
    body: (name) => `Hello ${name},\nplease confirm that this e-mail address belongs to your account. The link works for ${CONFIRMATION_LINK_DAYS} days.`,
    button: 'Confirm e-mail address',
    notYou: 'You did not ask for this? Then simply ignore this e-mail.',
  },
}

/** Sent to a changed address, and when the customer asks for the link again on the account page. */
export const confirmEmail: MailTemplate = async (payload, { locale, data }) => {
  const texts = TEXTS[locale]
  const account = await loadAccountForMail(payload, data.user)
  const link = await issueConfirmationLink(payload, account.id, String(data.email))
  // Nothing to send: the address was confirmed meanwhile, or the account moved on to another one
  // (which got a mail of its own). Failing here keeps the mail from going out; the record says why.
  if (!link) throw new Error('No confirmation link is needed any more: the address is confirmed or no longer the account’s.')
  const blocks = (url: string): MailBlock[] => [
    { paragraph: texts.body(accountName(account)) },
    { button: { label: texts.button, url } },
    { paragraph: texts.notYou },
  ]
  return { subject: texts.subject, ...composeWithOneTimeLink({ locale, heading: texts.heading, blocks }, link) }
}
