import type { Payload } from 'payload'
import type { User } from '../../payload-types'
import type { Locale } from '@/i18n/locales'
import { type ComposedMail, composeMail, type MailBlock } from './layout'

/** The account a mail is about, as it is when the mail is sent. */
export async function loadAccountForMail(payload: Payload, userId: unknown): Promise<User> {
  if (typeof userId !== 'number') throw new Error('The mail names no account.')
  return payload.findByID({ collection: 'users', id: userId, depth: 0 })
}

/** How an account is greeted: its username, else its address. */
export const accountName = (user: User): string => user.username || user.email

const LINK_LEFT_OUT: Record<Locale, string> = {
  de: '[Der Link steht nur in der gesendeten E-Mail.]',
  en: '[The link is only in the e-mail as sent.]',
}

/**
 * A mail that carries a one-time link (set a password, confirm an address): sent with the link,
 * recorded in the E-Mails collection without it, so the database holds no usable token.
 */
export function composeWithOneTimeLink(
  input: { locale: Locale; heading: string; blocks: (link: string) => MailBlock[] },
  link: string,
): ComposedMail & { recordedText: string } {
  const { locale, heading, blocks } = input
  const sent = composeMail({ locale, heading, blocks: blocks(link) })
  return { ...sent, recordedText: composeMail({ locale, heading, blocks: blocks(LINK_LEFT_OUT[locale]) }).text }
}
