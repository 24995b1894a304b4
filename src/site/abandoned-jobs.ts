import { type PostgresAdapter, sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

/** Longer than any job runs (a mail gives up within a minute, an MP3 takes seconds), so only a dead runner's jobs are older. */
const DEFAULT_ABANDONED_AFTER_SECONDS = 600

/** Seconds after which a job still marked "processing" counts as abandoned (JOB_ABANDONED_AFTER_SECONDS). */
export function abandonedJobSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.JOB_ABANDONED_AFTER_SECONDS)
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_ABANDONED_AFTER_SECONDS
}

let lastLook = 0

/**
 * Payload marks the jobs it claims "processing" and clears the mark when they end, and it never
 * runs a marked job again. A runner that dies with the process (kill -9, a crash, a lost machine)
 * leaves its marks, and those jobs were lost: after a kill during a burst of checkouts, nine order
 * confirmations were never sent (tests/deployment/faults-kill.test.ts). This gives such jobs back
 * to the queue once they have been marked for longer than any job runs, so another instance (or
 * this one, restarted) runs them; a live runner's jobs are younger and stay its own. Called before
 * each run of the queue (jobs.shouldAutoRun in payload.config.ts), looking at most once per
 * minute (or per bound, when shorter). A job given back starts again: a mail already recorded as
 * sent is not sent again (src/mail/send-mail-task.ts).
 */
export async function releaseAbandonedJobs(payload: Payload): Promise<void> {
  const seconds = abandonedJobSeconds()
  if (Date.now() - lastLook < Math.min(60, seconds) * 1000) return
  lastLook = Date.now()
  const released = await (payload.db as unknown as PostgresAdapter).drizzle.execute(
    sql`update payload_jobs set processing = false, updated_at = now() where processing and updated_at < now() - make_interval(secs => ${seconds}) returning id`,
  )
  if (released.rows.length > 0) {
    payload.logger.warn(`Jobs left processing by a runner that stopped, queued again: ${released.rows.map((row) => row.id).join(', ')}.`)
  }
}
