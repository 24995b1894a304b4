import { type PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'
import { transactionDatabase } from '@/site/transaction'

/**
 * The statements Payload's Local API cannot express for the mailings: an insert of many rows that
 * skips the existing ones (the unique (mailing, follower) index), and claims by a conditional
 * update. Inside `req`'s transaction when it has one (a publish hook), else on their own.
 */
export async function mailingDatabase(payload: Payload, req?: PayloadRequest) {
  if (req?.transactionID) return transactionDatabase(payload, req)
  return (payload.db as unknown as PostgresAdapter).drizzle
}
