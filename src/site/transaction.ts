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

import { BUSY_LOCK } from '@/rules/lock-waits'
import { BusyLockError } from './busy-lock'
import { insideTransaction } from './outside-transactions'

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
export const CUSTOMER_LOCK_SPACE = 8001

/**
 * Takes the customer-wide lock in `req`'s transaction, waiting for it (the seller's anonymisation:
 * the customer's own transactions are short, see withCustomerLocked).
 */
export async function lockCustomer(payload: Payload, req: PayloadRequest, customerId: number): Promise<void> {
  const database = await transactionDatabase(payload, req)
  await database.execute(sql`select pg_advisory_xact_lock(${CUSTOMER_LOCK_SPACE}, ${customerId})`)
}

/** Takes the customer-wide lock in `req`'s transaction if it is free (see withCustomerLocked); false when another transaction holds it. */
async function tryLockCustomer(payload: Payload, req: PayloadRequest, customerId: number): Promise<boolean> {
  const database = await transactionDatabase(payload, req)
  const { rows } = await database.execute(sql`select pg_try_advisory_xact_lock(${CUSTOMER_LOCK_SPACE}, ${customerId}) as locked`)
  return rows[0]?.locked === true
}

/** PostgreSQL's SQLSTATE for a row lock that NOWAIT did not get. */
const LOCK_NOT_AVAILABLE = '55P03'

/** PostgreSQL's lock_not_available (NOWAIT, or lock_timeout ran out), also when Drizzle wraps it. */
export const isLockNotAvailable = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if ((current as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return true
  }
  return false
}

/** The tables whose rows a customer's call locks besides the customer: an order, or a purchase of music. */
type LockedRow = { table: 'orders' | 'purchases'; id: number }

/** Takes a row lock in `req`'s transaction if it is free; false when another transaction holds it (the transaction is then unusable: roll it back). */
async function tryLockRow(payload: Payload, req: PayloadRequest, { table, id }: LockedRow): Promise<boolean> {
  const database = await transactionDatabase(payload, req)
  try {
    await database.execute(
      table === 'orders' ? sql`select id from orders where id = ${id} for update nowait` : sql`select id from purchases where id = ${id} for update nowait`,
    )
    return true
  } catch (error) {
    if (isLockNotAvailable(error)) return false
    throw error
  }
}

/**
 * Takes the row lock of one order (or, for a bulk change, of every order) in `req`'s transaction.
 * Every change of an order takes it before Payload reads the stored order
 * (collections/Orders/hooks/lockOrderRows.ts), so two saves never both start from the same old row: the
 * second waits, then reads what the first wrote and is checked against that.
 */
export async function lockOrderRows(payload: Payload, req: PayloadRequest, orderId: number | 'all'): Promise<void> {
  const database = await transactionDatabase(payload, req)
  await database.execute(orderId === 'all' ? sql`select id from orders for update` : sql`select id from orders where id = ${orderId} for update`)
}

/**
 * Takes the row lock of one purchase (or of every purchase, for a bulk change) in `req`'s
 * transaction, as lockOrderRows does for orders (collections/Purchases/hooks/lockPurchaseRows.ts):
 * the webhook's and the seller's changes of one purchase happen one after the other.
 */
export async function lockPurchaseRows(payload: Payload, req: PayloadRequest, purchaseId: number | 'all'): Promise<void> {
  const database = await transactionDatabase(payload, req)
  await database.execute(purchaseId === 'all' ? sql`select id from purchases for update` : sql`select id from purchases where id = ${purchaseId} for update`)
}

/**
 * Runs `work` in `req`'s transaction (started here when there is none) holding the order's row
 * lock, for a caller that reads an order, decides and writes it (the seller's status buttons and
 * deliveries): the decision is taken on the row as it is, and nobody changes it in between.
 */
export async function withOrderLocked<T>(req: PayloadRequest, orderId: number, work: () => Promise<T>): Promise<T> {
  const startedHere = await initTransaction(req)
  try {
    await lockOrderRows(req.payload, req, orderId)
    const result = await insideTransaction(`the lock of order ${orderId}`, work)
    if (startedHere) await commitTransaction(req)
    return result
  } catch (error) {
    if (startedHere) await killTransaction(req)
    throw error
  }
}

type Locking = { orderId?: number; purchaseId?: number }

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `work` as the customer in one database transaction (pass the `req` it gets to every Local
 * API call) that holds the customer's advisory lock and, given an order, that order's row lock.
 * Changes to one customer's orders then happen one after another: two uploads sent at once both
 * end up in the order's list (a plain read-modify-write of the uploads array would lose one), and
 * a burst of requests cannot pass a per-customer limit that each of them checked alone.
 *
 * A lock another request holds is never waited for with a connection: the transaction is rolled
 * back (its connection goes back to the pool) and tried again a little later, for up to
 * BUSY_LOCK.giveUpAfterMs; then BusyLockError (409 with Retry-After). So one customer's burst
 * uses at most one connection for its work, and `work` must stay short: no call to another
 * service in it (src/site/outside-transactions.ts).
 */
export async function withCustomerLocked<T>(
  payload: Payload,
  customer: TypedUser,
  { orderId, purchaseId }: Locking,
  context: RequestContext,
  work: (req: PayloadRequest) => Promise<T>,
): Promise<T> {
  const req = await createLocalReq({ user: customer, context }, payload)
  const giveUpAt = Date.now() + BUSY_LOCK.giveUpAfterMs
  for (let attempt = 0; ; attempt++) {
    await initTransaction(req)
    try {
      const locked =
        (await tryLockCustomer(payload, req, Number(customer.id))) &&
        (orderId === undefined || (await tryLockRow(payload, req, { table: 'orders', id: orderId }))) &&
        (purchaseId === undefined || (await tryLockRow(payload, req, { table: 'purchases', id: purchaseId })))
      if (locked) {
        const result = await insideTransaction(`the lock of customer ${customer.id}`, () => work(req))
        await commitTransaction(req)
        return result
      }
    } catch (error) {
      await killTransaction(req)
      throw error
    }
    await killTransaction(req)
    if (Date.now() >= giveUpAt) {
      const row = orderId !== undefined ? ` or order ${orderId}` : purchaseId !== undefined ? ` or purchase ${purchaseId}` : ''
      throw new BusyLockError(`Customer ${customer.id}${row}`)
    }
    // Growing, spread out: a burst's requests do not all come back at the same moment.
    await pause(Math.min(25 * 2 ** attempt, 250) * (0.5 + Math.random()))
  }
}
