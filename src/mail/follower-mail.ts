import type { Payload } from 'payload'
import type { Follower } from '../../payload-types'
import type { Locale } from '@/i18n/locales'
import { composeMail, type MailBlock } from '@/mail/layout'
import { mailSettings } from '@/mail/settings'
import { MailNotNeeded, type RenderedMail } from '@/mail/template'
import { publicOrigin } from '@/site/public-url'
import { unsubscribeToken } from './follower-tokens'

/*
 * Mail to followers: one mail to one confirmed follower, through the mail queue (a record in
 * E-Mails and a sendMail job), in the follower's language, with their personal unsubscribe link
 * in the text and the headers List-Unsubscribe (https and mailto) and List-Unsubscribe-Post
 * (RFC 8058 one-click). Whether the follower is still confirmed is checked when the mail is
 * queued and again when it is sent: one who unsubscribed meanwhile gets nothing.
 */

/** The follower's links: the page with the unsubscribe button, and the one-click URL of RFC 8058. */
export function unsubscribeLinks(follower: { id: number; email: string }, secret: string) {
  const token = unsubscribeToken(follower, secret)
  return {
    token,
    page: `${publicOrigin()}/follow/unsubscribe?t=${encodeURIComponent(token)}`,
    oneClick: `${publicOrigin()}/api/followers/one-click/?t=${encodeURIComponent(token)}`,
  }
}

const UNSUBSCRIBE_TEXT: Record<Locale, { why: string; link: string }> = {
  de: { why: 'Du bekommst diese E-Mail, weil du Lina Sommer per E-Mail folgst.', link: 'Abmelden mit einem Klick' },
  en: { why: 'You receive this e-mail because you follow Lina Sommer by e-mail.', link: 'Unsubscribe with one click' },
}

/**
 * In the mail job: the follower the mail is for, as they are now. A follower who unsubscribed or
 * was deleted meanwhile stops the mail (MailNotNeeded: recorded, not retried).
 */
export async function confirmedFollowerForMail(payload: Payload, followerId: unknown): Promise<Follower> {
  if (typeof followerId !== 'number') throw new Error('The mail names no follower.')
  const follower = await payload.findByID({ collection: 'followers', id: followerId, depth: 0, disableErrors: true, overrideAccess: true })
  if (!follower || follower.status !== 'confirmed') throw new MailNotNeeded('The follower is no longer confirmed (unsubscribed or deleted): nothing is sent.')
  if (follower.bounced_at) throw new MailNotNeeded('The follower’s address bounced permanently: nothing is sent.')
  return follower
}

/** A follower's mail in the shop's layout, with the unsubscribe link at its end and the list headers. */
export function composeFollowerMail(
  payload: Payload,
  follower: Follower,
  { subject, heading, blocks }: { subject: string; heading: string; blocks: MailBlock[] },
): RenderedMail {
  const locale = follower.locale
  const links = unsubscribeLinks(follower, payload.secret)
  const texts = UNSUBSCRIBE_TEXT[locale]
  const composed = composeMail({ locale, heading, blocks: [...blocks, { paragraph: texts.why }, { button: { label: texts.link, url: links.page } }] })
  const mailto = `mailto:${mailSettings().fromAddress}?subject=${encodeURIComponent(`unsubscribe ${links.token}`)}`
  return {
    subject,
    ...composed,
    headers: { 'List-Unsubscribe': `<${links.oneClick}>, <${mailto}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}
