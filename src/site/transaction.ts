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

export { sql }

/**
 * The open database transaction of `req`, for the few statements Payload's Local API cannot
 * express (advisory and row locks, counters). Throws when there is none: such a statement outside
 * a transaction could not be rolled back together with the change it belongs to.
 */
export async function transactionDatabase(payload: Payload, req: PayloadRequest) {
  const id = req.transactionID ? await req.transactionID : undefined
  // The shop runs on PostgreSQL only (payload.config.ts); its adapter keeps each open transaction here.
  const session = id === undefined ? undefined : (payload.db as unknown as PostgresAdapter).sessions[id]
  if (!session) throw new Error('This statement must run inside a database transaction.')
  return session.db
}

/** Names the customer-wide lock among PostgreSQL's advisory locks (first key; the customer's id is the second). */
const CUSTOMER_LOCK_SPACE = 8001

/** Takes the customer-wide lock in `req`'s transaction (see withCustomerLocked). */
export async function lockCustomer(payload: Payload, req: PayloadRequest, customerId: number): Promise<void> {
  const database = await transactionDatabase(payload, req)
  await database.execute(sql`select pg_advisory_xact_lock(${CUSTOMER_LOCK_SPACE}, ${customerId})`)
}

type Locking = { orderId?: number }

/**
 * Runs `work` as the customer in one database transaction (pass the `req` it gets to every Local
 * API call) that holds the customer's advisory lock and, given an order, that order's row lock.
 * Changes to one customer's orders then happen one after another: two uploads sent at once both
 * end up in the order's list (a plain read-modify-write of the uploads array would lose one), and
 * a burst of requests cannot pass a per-customer limit that each of them checked alone.
 */
export async function withCustomerLocked<T>(
  payload: Payload,
  customer: TypedUser,
  { orderId }: Locking,
  context: RequestContext,
  work: (req: PayloadRequest) => Promise<T>,
): Promise<T> {
  const req = await createLocalReq({ user: customer, context }, payload)
  await initTransaction(req)
  try {
    await lockCustomer(payload, req, Number(customer.id))
    if (orderId !== undefined) await (await transactionDatabase(payload, req)).execute(sql`select id from orders where id = ${orderId} for update`)
    const result = await work(req)
    await commitTransaction(req)
    return result
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}
