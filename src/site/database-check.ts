import { type PostgresAdapter, sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

/** How long the database may take to answer a check before it counts as unreachable. */
export const DATABASE_CHECK_MS = 2000

/** Whether the database answers a trivial query within DATABASE_CHECK_MS. */
export async function databaseReachable(payload: Payload): Promise<boolean> {
  // The shop runs on PostgreSQL only (payload.config.ts).
  const check = (payload.db as unknown as PostgresAdapter).drizzle.execute(sql`select 1`)
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), DATABASE_CHECK_MS)))
  try {
    await Promise.race([check, timeout])
    return true
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
