import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'
import type { User } from '../../payload-types'
import { isLocale, LOCALES, type Locale } from '@/i18n/locales'
import { composeMail } from '@/mail/layout'
import { queueMail } from '@/mail/queue-mail'
import { loadReleaseContent, type ReleaseRef, releaseMailParts } from '@/mail/release-mail'
import { parseDocumentId } from '@/http/document-id'
import { DELIVERY_PROGRESS, type DeliveryStatus, isReleaseCollection, type MailingStatus } from '@/rules/followers'
import { type Outcome, refuse } from '@/site/outcome'
import { mailingDatabase } from './database'

/*
 * The seller's side of a mail to followers about a release: what the admin's "An Follower senden"
 * shows (the count of confirmed followers, the mailing's state and progress), the preview in both
 * languages, the test mail to herself, and starting the mailing. A mailing is one row per release
 * (unique), started by her press only: at once when the release is published, else when it is
 * (publishing starts a waiting mailing, startWaitingMailing). The sending is send-mailing.ts.
 */

export const FOLLOWER_MAILING_QUEUE = 'follower-mailings'

export type MailingProgress = Record<'queued' | 'sent' | 'failed' | 'skipped', number>
export type MailingOverview = {
  confirmedFollowers: number
  published: boolean
  mailing: { id: number; status: MailingStatus; requestedAt: string; startedAt: string | null; finishedAt: string | null; progress: MailingProgress } | null
}

export const releaseKey = ({ collection, id }: ReleaseRef): string => `${collection}:${id}`

/** The release a request names (`collection`, `id`), or a 400. */
export function parseReleaseRef(input: { collection?: unknown; id?: unknown }): Outcome<ReleaseRef> {
  if (!isReleaseCollection(input.collection)) return refuse(400, '`collection` must be music-groups, tracks or news.', { field: 'collection' })
  const id = parseDocumentId(String(input.id ?? ''))
  if (id === null) return refuse(400, '`id` must be a positive whole number.', { field: 'id' })
  return { ok: true, value: { collection: input.collection, id } }
}

/** Confirmed followers whose address does not bounce: who a mailing started now would reach. */
export const reachableFollowers = (payload: Payload) =>
  payload.count({ collection: 'followers', where: { and: [{ status: { equals: 'confirmed' } }, { bounced_at: { exists: false } }] }, overrideAccess: true })

/** The deliveries of each mailing counted as its progress shows them. */
export async function mailingProgress(payload: Payload, mailingIds: number[]): Promise<Map<number, MailingProgress>> {
  const progress = new Map<number, MailingProgress>(mailingIds.map((id) => [id, { queued: 0, sent: 0, failed: 0, skipped: 0 }]))
  if (mailingIds.length === 0) return progress
  const db = await mailingDatabase(payload)
  const { rows } = await db.execute(
    sql`select mailing_id, status, count(*)::int as count from mailing_deliveries where mailing_id in ${mailingIds} group by mailing_id, status`,
  )
  for (const row of rows as { mailing_id: number; status: DeliveryStatus; count: number }[]) {
    const counts = progress.get(row.mailing_id)
    if (counts) counts[DELIVERY_PROGRESS[row.status]] += row.count
  }
  return progress
}

async function findMailing(payload: Payload, ref: ReleaseRef) {
  const { docs } = await payload.find({
    collection: 'follower-mailings',
    where: { release_key: { equals: releaseKey(ref) } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  return docs[0] ?? null
}

/** GET …/release: what the release's "An Follower senden" shows. */
export async function mailingOverview(payload: Payload, user: User, ref: ReleaseRef): Promise<Outcome<MailingOverview>> {
  const release = await payload.findByID({ collection: ref.collection, id: ref.id, depth: 0, draft: true, disableErrors: true, overrideAccess: false, user })
  if (!release) return refuse(404, 'There is no such release.')
  const [followers, mailing] = await Promise.all([reachableFollowers(payload), findMailing(payload, ref)])
  const published = await isPublished(payload, ref)
  const progress = mailing ? (await mailingProgress(payload, [mailing.id])).get(mailing.id)! : null
  return {
    ok: true,
    value: {
      confirmedFollowers: followers.totalDocs,
      published,
      mailing:
        mailing && progress
          ? {
              id: mailing.id,
              status: mailing.status,
              requestedAt: mailing.requested_at,
              startedAt: mailing.started_at ?? null,
              finishedAt: mailing.finished_at ?? null,
              progress,
            }
          : null,
    },
  }
}

/** Whether the release's published document is live (the document itself, not a newer draft). */
export async function isPublished(payload: Payload, ref: ReleaseRef): Promise<boolean> {
  const doc = await payload.findByID({
    collection: ref.collection,
    id: ref.id,
    depth: 0,
    draft: false,
    disableErrors: true,
    overrideAccess: true,
    select: { _status: true },
  })
  return (doc as { _status?: string } | null)?._status === 'published'
}

/** GET …/preview: the mail as a follower in `locale` gets it (from the newest draft: she may preview before publishing). */
export async function previewReleaseMail(
  payload: Payload,
  user: User,
  ref: ReleaseRef,
  locale: unknown,
): Promise<Outcome<{ subject: string; html: string; text: string }>> {
  if (!isLocale(locale)) return refuse(400, '`locale` must be de or en.', { field: 'locale' })
  const visible = await payload.findByID({ collection: ref.collection, id: ref.id, depth: 0, draft: true, disableErrors: true, overrideAccess: false, user })
  const release = visible && (await loadReleaseContent(payload, ref, { draft: true }))
  if (!release) return refuse(404, 'There is no such release.')
  const parts = releaseMailParts(release, locale)
  // The follower's part (why, the unsubscribe link) as in every mail to followers, with a link that does nothing.
  const composed = composeMail({
    locale,
    heading: parts.heading,
    blocks: [...parts.blocks, { paragraph: PREVIEW_NOTE[locale] }],
  })
  return { ok: true, value: { subject: parts.subject, ...composed } }
}

const PREVIEW_NOTE: Record<Locale, string> = {
  de: 'Darunter stehen in jeder E-Mail der Hinweis, warum der Follower sie bekommt, und sein persönlicher Abmeldelink.',
  en: 'Below this, every mail says why the follower receives it and carries their personal unsubscribe link.',
}

/** POST …/test: the mail in both languages to the seller's own address, through the mail queue. */
export async function sendTestReleaseMail(payload: Payload, user: User, ref: ReleaseRef): Promise<Outcome<{ to: string; locales: readonly Locale[] }>> {
  const visible = await payload.findByID({ collection: ref.collection, id: ref.id, depth: 0, draft: true, disableErrors: true, overrideAccess: false, user })
  if (!visible) return refuse(404, 'There is no such release.')
  for (const locale of LOCALES) {
    await queueMail(payload, undefined, { template: 'release-test', to: user.email, locale, data: { collection: ref.collection, id: ref.id } })
  }
  return { ok: true, value: { to: user.email, locales: LOCALES } }
}

/**
 * POST …/send: makes the release's mailing (once: its release_key is unique) and starts it when the
 * release is published; a draft or scheduled release's mailing waits for its publication. Pressed
 * again, it only starts a mailing that is not sending (one that waits, was stopped or is done:
 * followers confirmed since then get theirs, nobody a second one).
 */
export async function requestMailing(payload: Payload, user: User, ref: ReleaseRef): Promise<Outcome<MailingOverview>> {
  const release = await payload.findByID({ collection: ref.collection, id: ref.id, depth: 0, draft: true, disableErrors: true, overrideAccess: false, user })
  if (!release) return refuse(404, 'There is no such release.')
  let mailing = await findMailing(payload, ref)
  if (!mailing) {
    const title = String((release as { title?: unknown }).title ?? '')
    mailing = await payload
      .create({
        collection: 'follower-mailings',
        data: {
          title,
          release_collection: ref.collection,
          release_id: ref.id,
          release_key: releaseKey(ref),
          status: 'waiting',
          requested_by: user.id,
          requested_at: new Date().toISOString(),
        },
        depth: 0,
        overrideAccess: true,
      })
      // Pressed twice at once: the unique release_key let one of them in; the other takes that one.
      .catch(async (error: unknown) => (await findMailing(payload, ref)) ?? Promise.reject(error))
  }
  if (await isPublished(payload, ref)) await startMailing(payload, undefined, mailing.id)
  return mailingOverview(payload, user, ref)
}

/**
 * Sets the mailing sending and queues its first batch, unless it is sending already (a conditional
 * update: of two presses or two instances, one starts it). In `req`'s transaction when given.
 */
export async function startMailing(payload: Payload, req: PayloadRequest | undefined, mailingId: number): Promise<boolean> {
  const db = await mailingDatabase(payload, req)
  const { rows } = await db.execute(
    sql`update follower_mailings set status = 'sending', started_at = coalesce(started_at, now()), finished_at = null, updated_at = now()
        where id = ${mailingId} and status <> 'sending' returning id`,
  )
  if (rows.length === 0) return false
  await payload.jobs.queue({ task: 'sendFollowerMailing', queue: FOLLOWER_MAILING_QUEUE, input: { mailing: mailingId }, req })
  return true
}

/**
 * A release was published (by the seller, or at its scheduled time by Payload's schedulePublish
 * job): a mailing the seller asked for beforehand starts now, in the publish's transaction.
 */
export async function startWaitingMailing(payload: Payload, req: PayloadRequest, ref: ReleaseRef): Promise<void> {
  const { docs } = await payload.find({
    collection: 'follower-mailings',
    where: { and: [{ release_key: { equals: releaseKey(ref) } }, { status: { equals: 'waiting' } }] },
    limit: 1,
    depth: 0,
    req,
    overrideAccess: true,
  })
  if (docs[0]) await startMailing(payload, req, docs[0].id)
}
