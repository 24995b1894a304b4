import type { Payload } from 'payload'
import { UNCONFIRMED_FOLLOWER_DAYS, UNSUBSCRIBED_PROOF_YEARS } from '@/rules/followers'

/**
 * Deletes what the privacy statement promises to delete: sign-ups never confirmed, 7 days after
 * the request, and unsubscribed followers once their proof period (3 years) has passed. Returns
 * how many rows went. Idempotent; run by every instance now and then (`pruneFollowersNowAndThen`).
 */
export async function pruneFollowers(payload: Payload, now = new Date()): Promise<number> {
  const unconfirmedBefore = new Date(now.getTime() - UNCONFIRMED_FOLLOWER_DAYS * 86_400_000).toISOString()
  const proofEndsBefore = new Date(now)
  proofEndsBefore.setUTCFullYear(proofEndsBefore.getUTCFullYear() - UNSUBSCRIBED_PROOF_YEARS)
  const { docs } = await payload.delete({
    collection: 'followers',
    where: {
      or: [
        { and: [{ status: { equals: 'pending' } }, { requested_at: { less_than: unconfirmedBefore } }] },
        { and: [{ status: { equals: 'unsubscribed' } }, { unsubscribed_at: { less_than: proofEndsBefore.toISOString() } }] },
      ],
    },
    depth: 0,
    overrideAccess: true,
  })
  return docs.length
}

const PRUNE_EVERY_MS = 10 * 60_000
let lastPruned = 0

/** At most every 10 minutes per process (called before each run of the jobs queue, payload.config.ts). */
export async function pruneFollowersNowAndThen(payload: Payload): Promise<void> {
  if (Date.now() - lastPruned < PRUNE_EVERY_MS) return
  lastPruned = Date.now()
  try {
    await pruneFollowers(payload)
  } catch (error) {
    payload.logger.warn(`Pruning followers failed (tried again in 10 minutes): ${String(error)}`)
  }
}
