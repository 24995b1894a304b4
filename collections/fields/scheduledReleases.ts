import type { CollectionConfig } from 'payload'

/**
 * Drafts and scheduled publishing for what the storefront shows (tracks, albums and playlists,
 * news): the seller saves a draft, then publishes it now or at a chosen time ("Veröffentlichung
 * planen" / "Schedule publish"). Payload queues a `schedulePublish` job that waits until that time
 * on the default queue, which the server runs every MAIL_QUEUE_POLL_SECONDS beside the mails; the
 * publish then announces a catalog change like any save (collections/hooks/announceCatalogChange.ts).
 */
export const scheduledReleases: CollectionConfig['versions'] = {
  drafts: { schedulePublish: { timeFormat: 'HH:mm', timeIntervals: 5 } },
  // Enough to go back a few edits; a track has one version per save.
  maxPerDoc: 20,
}
