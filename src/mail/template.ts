import type { Payload } from 'payload'
import type { Locale } from '@/i18n/locales'

/** Ids and small values a template needs; it loads everything else itself when the mail is sent. */
export type MailData = Record<string, string | number | boolean | null>

/** A file sent with the mail; with `cid`, an image the HTML part shows inline. */
export type MailAttachment = { filename: string; content: Buffer; contentType: string; cid?: string }

export type RenderedMail = {
  subject: string
  text: string
  html: string
  attachments?: MailAttachment[]
  /** The text kept in the mail's record when it must differ from what was sent: a one-time link is left out of the database. */
  recordedText?: string
  /** The data kept in the mail's record once it is sent, when it must lose something: a sealed one-time token. */
  recordedData?: MailData
  /** Extra headers (a follower's mail: List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>
}

/**
 * Thrown by a template when the mail must not go out any more (a follower unsubscribed before it
 * was sent): the mail is recorded as failed with this reason and not tried again.
 */
export class MailNotNeeded extends Error {
  readonly mailNotNeeded = true
}

export const isMailNotNeeded = (error: unknown): boolean => (error as { mailNotNeeded?: unknown } | null)?.mailNotNeeded === true

/** Renders one kind of mail in the recipient's language, at send time (inside the mail job). */
export type MailTemplate = (payload: Payload, input: { locale: Locale; data: MailData }) => Promise<RenderedMail>
