import type { CollectionAfterChangeHook } from 'payload'
import type { ReleaseCollection } from '../../src/rules/followers'
import { startWaitingMailing } from '../../src/mailings/release-mailing'

/**
 * On albums, tracks and news: when one is published (now, or by its scheduled publish job), a
 * mailing to followers the seller asked for beforehand starts, in the publish's transaction.
 * Nothing is sent that she did not ask for.
 */
export const startMailingOnPublish =
  (collection: ReleaseCollection): CollectionAfterChangeHook =>
  async ({ doc, req }) => {
    if ((doc as { _status?: string })._status === 'published') await startWaitingMailing(req.payload, req, { collection, id: doc.id as number })
    return doc
  }

/** A release collection's hooks with startMailingOnPublish after its own afterChange hooks. */
export function withMailingOnPublish<H extends { afterChange: CollectionAfterChangeHook[] }>(hooks: H, collection: ReleaseCollection): H {
  return { ...hooks, afterChange: [...hooks.afterChange, startMailingOnPublish(collection)] }
}
