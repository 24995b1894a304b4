import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Payload } from 'payload'
import { mailSettings } from '../../src/mail/settings'
import { type CaughtMail, SMTP_DOWN_FLAG } from './smtp-catcher'

export type { CaughtMail }

const catcherDir = () => {
  const dir = process.env.MAIL_CATCHER_DIR
  if (!dir) throw new Error('MAIL_CATCHER_DIR is not set: run the tests through npm test.')
  return dir
}

/** Every mail the test SMTP server has received so far, oldest first. */
export function caughtMails(): CaughtMail[] {
  const dir = catcherDir()
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as CaughtMail)
}

type MailQuery = { to: string; subject?: RegExp; after?: Date }

const matches = (mail: CaughtMail, { to, subject, after }: MailQuery) =>
  mail.to.some((address) => address.toLowerCase() === to.toLowerCase()) && (!subject || subject.test(mail.subject)) && (!after || new Date(mail.date) >= after)

/** The mails to `to` (matching `subject`, received after `after`) that have arrived so far. */
export const mailsMatching = (query: MailQuery): CaughtMail[] => caughtMails().filter((mail) => matches(mail, query))

/** Waits until a matching mail has arrived (the shop sends from its jobs queue every few seconds). */
export async function waitForMail(query: MailQuery, timeoutMs = 30_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = mailsMatching(query)[0]
    if (found) return found
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${query.to}${query.subject ? ` with a subject like ${query.subject}` : ''} arrived within ${timeoutMs / 1000} s.`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * Waits until a mail that was going to come would have arrived: two rounds of the shop's mail
 * queue (MAIL_QUEUE_POLL_SECONDS) and a second for sending. For "no mail" and "only once".
 */
export function waitOutTheMailQueue(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, (2 * mailSettings().queuePollSeconds + 1) * 1000))
}

/** Takes the test SMTP server down (its port closes) or brings it back. */
export function setSmtpServerDown(down: boolean): void {
  const flag = path.join(catcherDir(), SMTP_DOWN_FLAG)
  if (down) writeFileSync(flag, '')
  else rmSync(flag, { force: true })
}

/**
 * The shop's record of the newest mail of `template` to `to` (whose text holds `containing`, when
 * given: the seller's address gets mails from every test lane), once its job has noted it as sent.
 * The job notes that right after the SMTP server accepted the mail, so a test that has just seen
 * the mail arrive may read the record a moment too early; this waits for the note (the record as
 * it is after `timeoutMs`, for the assertion to show, if it never comes).
 */
export async function sentMailRecord(
  payload: Payload,
  to: string,
  template: string,
  { containing, timeoutMs = 10_000 }: { containing?: string; timeoutMs?: number } = {},
) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { docs } = await payload.find({
      collection: 'mails',
      where: { and: [{ to: { equals: to } }, { template: { equals: template } }, ...(containing ? [{ text: { contains: containing } }] : [])] },
      sort: '-createdAt',
      limit: 1,
      depth: 0,
    })
    if (docs[0]?.status === 'sent' || Date.now() > deadline) return docs[0]
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
