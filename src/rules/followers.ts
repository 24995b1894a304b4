/*
 * The rules of following (double opt-in, § 7 UWG and Art. 7 (1) GDPR): how long things take and
 * are kept. The follow flow, the cleanup, the privacy statement's wording and the tests read them here.
 */

/** How long the confirmation link of a sign-up works. */
export const FOLLOW_CONFIRMATION_HOURS = 48

/** Asking again for a pending or confirmed address within this time sends nothing new. */
export const FOLLOW_REPEAT_QUIET_HOURS = 24

/** An unconfirmed sign-up is deleted after this many days. */
export const UNCONFIRMED_FOLLOWER_DAYS = 7

/**
 * An unsubscribed follower's consent is kept this long as proof that the mails sent before were
 * wanted (the regular limitation period of § 195 BGB for claims under § 7 UWG), then deleted.
 */
export const UNSUBSCRIBED_PROOF_YEARS = 3

/** A follower's state. */
export const FOLLOWER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const
export type FollowerStatus = (typeof FOLLOWER_STATUSES)[number]

/** Where a sign-up came from. */
export const FOLLOWER_SOURCES = ['form', 'account', 'checkout', 'import'] as const
export type FollowerSource = (typeof FOLLOWER_SOURCES)[number]

/** The CSV import: rows per upload and bytes per file. */
export const FOLLOWER_IMPORT_LIMITS = { rows: 5000, bytes: 512 * 1024 } as const

/**
 * Mails to followers about a release (src/mailings/): how many leave per minute unless the seller
 * sets another figure in the settings (so a list of thousands does not trip the mail provider),
 * and the bounds of that setting.
 */
export const FOLLOWER_MAILS_PER_MINUTE = { default: 60, min: 1, max: 10_000 } as const

/**
 * A mailing is sent in batches of at most this many seconds; before each batch the release is
 * read again, so nothing more goes out once it was unpublished. Kept well below the time after
 * which a job counts as abandoned (src/site/abandoned-jobs.ts).
 */
export const MAILING_BATCH_SECONDS = 10

/**
 * Mails of a mailing in flight at once (each still starts at the throttle's pace): one after the
 * other, a mail's round trips to the mail server, not the throttle, would set the pace. At most as
 * many may be lost to a kill -9 (src/mailings/send-mailing.ts), none is sent twice.
 */
export const MAILING_PARALLEL_SENDS = 3

/** Tries per delivery (a refused connection, a 4xx), then it counts as failed; the first retry after this many seconds, doubling. */
export const MAILING_DELIVERY_ATTEMPTS = 5
export const MAILING_RETRY_SECONDS = 30

/**
 * A delivery found still "sending" this long after its claim was being sent when its process died
 * (longer than nodemailer's connection, greeting and socket timeouts together, src/mail/adapter.ts):
 * whether the mail server took it is unknown, so it is not sent again (never twice).
 */
export const MAILING_SENDING_ABANDONED_SECONDS = 60

/** What can be announced to followers: albums, singles and playlists, singles as tracks, news. */
export const RELEASE_COLLECTIONS = ['music-groups', 'tracks', 'news'] as const
export type ReleaseCollection = (typeof RELEASE_COLLECTIONS)[number]
export const isReleaseCollection = (value: unknown): value is ReleaseCollection => RELEASE_COLLECTIONS.includes(value as ReleaseCollection)

/** A mailing waits for its release to be published, sends, is done, or was stopped because the release was unpublished. */
export const MAILING_STATUSES = ['waiting', 'sending', 'done', 'stopped'] as const
export type MailingStatus = (typeof MAILING_STATUSES)[number]

/**
 * One follower's mail of a mailing. `interrupted`: the process died while sending it (not sent
 * again); `skipped`: the follower unsubscribed, bounced or was deleted before their turn.
 */
export const DELIVERY_STATUSES = ['queued', 'sending', 'retrying', 'sent', 'failed', 'interrupted', 'skipped'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** How the progress groups the deliveries: still to go, sent, failed. */
export const DELIVERY_PROGRESS: Record<DeliveryStatus, 'queued' | 'sent' | 'failed' | 'skipped'> = {
  queued: 'queued',
  sending: 'queued',
  retrying: 'queued',
  sent: 'sent',
  failed: 'failed',
  interrupted: 'failed',
  skipped: 'skipped',
}
