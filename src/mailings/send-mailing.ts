import { sql } from '@payloadcms/db-postgres'
import type { Payload, TaskConfig } from 'payload'
import type { Follower } from '../../payload-types'
import { loadReleaseContent, composeReleaseMail, type ReleaseContent } from '@/mail/release-mail'
import {
  MAILING_BATCH_SECONDS,
  MAILING_DELIVERY_ATTEMPTS,
  MAILING_PARALLEL_SENDS,
  MAILING_RETRY_SECONDS,
  MAILING_SENDING_ABANDONED_SECONDS,
} from '@/rules/followers'
import { mailingDatabase } from './database'
import { FOLLOWER_MAILING_QUEUE } from './release-mailing'
import { mailsPerMinute, waitForTurn } from './throttle'

export { FOLLOWER_MAILING_QUEUE }

/*
 * Sending a mailing: a job of its own queue sends one batch (at most MAILING_BATCH_SECONDS), then
 * queues the next. Each batch first reads the release again (unpublished meanwhile: the mailing
 * stops, nothing more goes out) and adds a delivery row for every confirmed, not bouncing
 * follower; the unique index on (mailing, follower) skips those that have one, so however often
 * the mailing is started nobody gets a second mail. A row is claimed ("sending", committed)
 * before its mail leaves and marked sent after the mail server took it. A process killed between
 * the two leaves the row "sending": the next batch marks it "interrupted" and does not send it
 * again, since whether the server took it is unknown (at most one mail per follower, at the cost of
 * perhaps none for the few mails in flight: MAILING_PARALLEL_SENDS). Mails start at the pace of
 * the throttle setting.
 */

type Claimed = { id: number; follower_id: number | null; attempts: number }

const SMTP_PERMANENT = (error: unknown): boolean => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 1000)

/** The next due delivery of the mailing, claimed for this runner (skips rows another runner holds). */
async function claimNext(payload: Payload, mailingId: number): Promise<Claimed | null> {
  const db = await mailingDatabase(payload)
  const { rows } = await db.execute(
    sql`update mailing_deliveries set status = 'sending', attempts = attempts + 1, updated_at = now()
        where id = (select id from mailing_deliveries
                    where mailing_id = ${mailingId} and (status = 'queued' or (status = 'retrying' and next_attempt_at <= now()))
                    order by id limit 1 for update skip locked)
        returning id, follower_id, attempts`,
  )
  return (rows[0] as Claimed | undefined) ?? null
}

/** Sends one claimed delivery and notes the outcome. */
async function deliver(payload: Payload, release: ReleaseContent, claimed: Claimed): Promise<void> {
  const db = await mailingDatabase(payload)
  const follower =
    claimed.follower_id === null
      ? null
      : ((await payload.findByID({ collection: 'followers', id: claimed.follower_id, depth: 0, disableErrors: true, overrideAccess: true })) as Follower | null)
  if (!follower || follower.status !== 'confirmed' || follower.bounced_at) {
    await db.execute(sql`update mailing_deliveries set status = 'skipped', updated_at = now() where id = ${claimed.id}`)
    return
  }
  try {
    const mail = composeReleaseMail(payload, follower, release)
    const info = (await payload.sendEmail({ to: follower.email, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers })) as
      { messageId?: string } | undefined
    await db.execute(
      sql`update mailing_deliveries set status = 'sent', sent_at = now(), message_id = ${info?.messageId ?? null}, last_error = null, updated_at = now() where id = ${claimed.id}`,
    )
  } catch (error) {
    const message = messageOf(error)
    if (SMTP_PERMANENT(error)) {
      // A permanent bounce: the address is skipped by every mail to followers from now on.
      await db.execute(sql`update mailing_deliveries set status = 'failed', last_error = ${message}, updated_at = now() where id = ${claimed.id}`)
      await db.execute(
        sql`update followers set bounced_at = now(), bounce_reason = ${message.slice(0, 300)}, updated_at = now() where lower(email) = lower(${follower.email}) and bounced_at is null`,
      )
      payload.logger.warn(`Follower mail to ${follower.email} bounced permanently; the address is skipped from now on: ${message}`)
    } else if (claimed.attempts >= MAILING_DELIVERY_ATTEMPTS) {
      await db.execute(sql`update mailing_deliveries set status = 'failed', last_error = ${message}, updated_at = now() where id = ${claimed.id}`)
    } else {
      const delaySeconds = MAILING_RETRY_SECONDS * 2 ** (claimed.attempts - 1)
      await db.execute(
        sql`update mailing_deliveries set status = 'retrying', last_error = ${message},
            next_attempt_at = now() + make_interval(secs => ${delaySeconds}), updated_at = now() where id = ${claimed.id}`,
      )
    }
  }
}

/** One batch of the mailing; queues the next one while anything is left to do. */
export async function sendMailingBatch(payload: Payload, mailingId: number): Promise<void> {
  const mailing = await payload.findByID({ collection: 'follower-mailings', id: mailingId, depth: 0, disableErrors: true, overrideAccess: true })
  if (!mailing || mailing.status !== 'sending') return
  const db = await mailingDatabase(payload)
  const release = await loadReleaseContent(payload, { collection: mailing.release_collection, id: mailing.release_id })
  if (!release?.published) {
    await payload.update({
      collection: 'follower-mailings',
      id: mailingId,
      data: { status: 'stopped', finished_at: new Date().toISOString() },
      overrideAccess: true,
      depth: 0,
    })
    payload.logger.info(`Follower mailing ${mailingId} stopped: its release is no longer published.`)
    return
  }
  await db.execute(
    sql`insert into mailing_deliveries (mailing_id, follower_id, status, attempts, updated_at, created_at)
        select ${mailingId}, id, 'queued', 0, now(), now() from followers where status = 'confirmed' and bounced_at is null
        on conflict (mailing_id, follower_id) do nothing`,
  )
  await db.execute(
    sql`update mailing_deliveries set status = 'interrupted', updated_at = now(),
          last_error = 'The shop stopped while this mail was being sent; whether the mail server took it is unknown, so it is not sent again.'
        where mailing_id = ${mailingId} and status = 'sending' and updated_at < now() - make_interval(secs => ${MAILING_SENDING_ABANDONED_SECONDS})`,
  )

  const perMinute = await mailsPerMinute(payload)
  const batchEnds = Date.now() + MAILING_BATCH_SECONDS * 1000
  const inFlight = new Set<Promise<void>>()
  let failure: unknown = null
  while (Date.now() < batchEnds && failure === null) {
    await waitForTurn(perMinute)
    const claimed = await claimNext(payload, mailingId)
    if (!claimed) break
    const sending: Promise<void> = deliver(payload, release, claimed)
      .catch((error: unknown) => void (failure ??= error))
      .finally(() => inFlight.delete(sending))
    inFlight.add(sending)
    if (inFlight.size >= MAILING_PARALLEL_SENDS) await Promise.race(inFlight)
  }
  await Promise.all(inFlight)
  // A database error while noting a delivery: the job is retried; the row it left "sending" becomes interrupted.
  if (failure !== null) throw failure

  const { rows } = await db.execute(
    sql`select count(*) filter (where status = 'queued')::int as queued,
               count(*) filter (where status = 'sending')::int as sending,
               min(next_attempt_at) filter (where status = 'retrying') as next_retry
        from mailing_deliveries where mailing_id = ${mailingId}`,
  )
  const left = rows[0] as { queued: number; sending: number; next_retry: string | Date | null }
  const next =
    left.queued > 0
      ? new Date()
      : left.next_retry
        ? new Date(left.next_retry)
        : left.sending > 0
          ? new Date(Date.now() + MAILING_SENDING_ABANDONED_SECONDS * 1000)
          : null
  if (next) {
    await payload.jobs.queue({ task: 'sendFollowerMailing', queue: FOLLOWER_MAILING_QUEUE, input: { mailing: mailingId }, waitUntil: next })
    return
  }
  await payload.update({
    collection: 'follower-mailings',
    id: mailingId,
    data: { status: 'done', finished_at: new Date().toISOString() },
    overrideAccess: true,
    depth: 0,
  })
}

/** The jobs-queue task: one batch of a follower mailing (payload.config.ts runs its queue every second, one job at a time). */
export const sendFollowerMailingTask: TaskConfig<{ input: { mailing: number }; output: object }> = {
  slug: 'sendFollowerMailing',
  label: 'Send a mail to followers',
  inputSchema: [{ name: 'mailing', type: 'number', required: true }],
  retries: { attempts: 5, backoff: { type: 'exponential', delay: 5000 } },
  handler: async ({ input, req }) => {
    await sendMailingBatch(req.payload, input.mailing)
    return { output: {} }
  },
}
