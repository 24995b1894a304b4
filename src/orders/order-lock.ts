import { type PostgresAdapter, sql } from '@payloadcms/db-postgres'
import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
  type RequestContext,
  type TypedUser,
} from 'payload'

/**
 * Runs `work` as the customer in one database transaction that holds the order's row lock (pass
 * the `req` it gets to every Local API call). Changes to one order then happen one after another:
 * two uploads sent at once both end up in the order's list, where a plain read-modify-write of
 * the uploads array would lose one of them.
 */
export async function withOrderLocked<T>(
  payload: Payload,
  customer: TypedUser,
  orderId: number,
  context: RequestContext,
  work: (req: PayloadRequest) => Promise<T>,
): Promise<T> {
  const req = await createLocalReq({ user: customer, context }, payload)
  await initTransaction(req)
  try {
    // The shop runs on PostgreSQL only (payload.config.ts); its adapter keeps each open transaction here.
    const transaction = (payload.db as unknown as PostgresAdapter).sessions[await req.transactionID!]!.db
    await transaction.execute(sql`select id from orders where id = ${orderId} for update`)
    const result = await work(req)
    await commitTransaction(req)
    return result
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}
