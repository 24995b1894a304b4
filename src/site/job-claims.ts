import { type PostgresAdapter, sql } from '@payloadcms/db-postgres'
import type { DatabaseAdapterObj, UpdateJobsArgs } from 'payload'

/** Names the lock of the jobs queue's claims among PostgreSQL's advisory locks (first key; see transaction.ts for others). */
const JOB_CLAIM_LOCK_SPACE = 8002
const JOB_CLAIM_LOCK = 1

/**
 * Every server process runs the jobs queue (mails, MP3s), and with several instances on one
 * database each of them claims the due jobs at the same second. Payload claims in two steps, a
 * read of the jobs that are not being processed and then an update of each to "processing", so
 * two instances can both read a job before either marks it, and both run it: one mail sent twice
 * (measured with two instances). Here a claim runs in a transaction of its own that first takes
 * one advisory lock, so claims happen one after the other across all instances: the second reads
 * the jobs after the first has marked them. The lock is transaction-scoped, so it works behind
 * PgBouncer in transaction mode too, and it is held only for the claim (milliseconds), never
 * while a job runs.
 *
 * Payload's caller (its `updateJobs` utility) hands in a transaction of its own and commits it
 * after the claim, so the claim runs in that one: a second transaction would hold a second pooled
 * connection per claim while the first sat idle. When the claim fails, that caller neither commits
 * nor rolls back, so its transaction is rolled back here; else its connection would stay "idle in
 * transaction" for good (deployment/faults-pool: three such, a pool of four, 503s for 30 s).
 */
export function withSerialisedJobClaims(adapter: DatabaseAdapterObj): DatabaseAdapterObj {
  return {
    ...adapter,
    init: (args) => {
      const database = adapter.init(args) as ReturnType<DatabaseAdapterObj['init']> & PostgresAdapter
      const updateJobs = database.updateJobs.bind(database)
      database.updateJobs = async (claim: UpdateJobsArgs) => {
        if ('id' in claim && claim.id !== undefined) return updateJobs(claim)
        const given = claim.req?.transactionID
        const transactionID = typeof given === 'string' || typeof given === 'number' ? given : await database.beginTransaction()
        if (transactionID === null) return updateJobs(claim)
        const startedHere = transactionID !== given
        try {
          await database.sessions[transactionID]!.db.execute(sql`select pg_advisory_xact_lock(${JOB_CLAIM_LOCK_SPACE}, ${JOB_CLAIM_LOCK})`)
          const claimed = await updateJobs({ ...claim, req: { ...claim.req, transactionID } })
          if (startedHere) await database.commitTransaction(transactionID)
          return claimed
        } catch (error) {
          await database.rollbackTransaction(transactionID)
          throw error
        }
      }
      return database
    },
  }
}
