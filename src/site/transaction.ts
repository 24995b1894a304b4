import { type PostgresAdapter, sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

export { sql }

/**
 * The open database transaction of `req`, for the few statements Payload's Local API cannot
 * express (row locks, counters). Throws when there is none: such a statement outside a
 * transaction could not be rolled back together with the change it belongs to.
 */
export async function transactionDatabase(payload: Payload, req: PayloadRequest) {
  const id = req.transactionID ? await req.transactionID : undefined
  // The shop runs on PostgreSQL only (payload.config.ts); its adapter keeps each open transaction here.
  const session = id === undefined ? undefined : (payload.db as unknown as PostgresAdapter).sessions[id]
  if (!session) throw new Error('This statement must run inside a database transaction.')
  return session.db
}
