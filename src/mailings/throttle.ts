import type { Payload } from 'payload'
import { FOLLOWER_MAILS_PER_MINUTE } from '@/rules/followers'

/** The seller's setting (Settings › Followers), within its bounds; the default when unset. */
export async function mailsPerMinute(payload: Payload): Promise<number> {
  const settings = await payload.findGlobal({ slug: 'settings', depth: 0, overrideAccess: true })
  const value = Number(settings.follower_mails_per_minute)
  if (!Number.isFinite(value) || value <= 0) return FOLLOWER_MAILS_PER_MINUTE.default
  return Math.min(FOLLOWER_MAILS_PER_MINUTE.max, Math.max(FOLLOWER_MAILS_PER_MINUTE.min, value))
}

/**
 * Paces the sending of one process: each mail starts at least 60 000 / perMinute ms after the one
 * before, so in any minute at most `perMinute` mails leave. Kept across the batches of a mailing
 * (one job after the other in this process).
 */
let nextStartAt = 0

export async function waitForTurn(perMinute: number): Promise<void> {
  const now = Date.now()
  const startAt = Math.max(now, nextStartAt)
  nextStartAt = startAt + 60_000 / perMinute
  if (startAt > now) await new Promise((resolve) => setTimeout(resolve, startAt - now))
}
