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
