import { APIError, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'
import { ACCOUNT_LOCK_WAIT, BUSY_RETRY_AFTER_SECONDS } from '../rules/lock-waits'
import { isLockNotAvailable, sql, transactionDatabase } from '../site/transaction'

/*
 * One lock per account, taken by every write to its row before the row is read (issue 28). Payload
 * reads the whole account (password hash, e-mail address, sessions, reset token) and writes the
 * whole row back on a login, a logout and a token refresh; so does its update. Two such writes at
 * once each write back the row as they read it, and the later one undoes the earlier one: a login
 * that read the row before a password reset wrote the old hash back after it. Holding the lock
 * from the read to the commit makes them happen one after the other.
 *
 * Who takes it (collections/Users): Payload's login, logout and refresh endpoints
 * (endpoints/sessionWrites.ts, hooks/lockAccount.ts), every Payload operation that writes users
 * (update, delete, resetPassword, forgotPassword, unlock: hooks/lockAccount.ts), and the writes
 * past Payload's operations (the e-mail confirmation, the anonymisation, the confirmation link).
 * Lock order: a customer's lock (src/site/transaction.ts) before their account's, never after.
 */

/** Names the account lock among PostgreSQL's advisory locks (first key; the user's id is the second). */
export const ACCOUNT_LOCK_SPACE = 8003

export const ACCOUNT_BUSY = 'This account is being changed right now. Please try again in a moment.'

/** A lock not had in time: 429 with Retry-After, in the caller's words. */
export class AccountBusy extends APIError {
  constructor() {
    super(ACCOUNT_BUSY, 429, { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS }, true)
  }
}

/**
 * Takes the account's lock in `req`'s open transaction, waiting in the lock's queue for at most
 * ACCOUNT_LOCK_WAIT.accountChangeMs (then AccountBusy; the transaction is then unusable and must
 * be rolled back, as Payload's operations do with any error).
 */
export async function lockAccount(payload: Payload, req: PayloadRequest, userId: number | string): Promise<void> {
  const database = await transactionDatabase(payload, req)
  const { rows } = (await database.execute(sql`select current_setting('lock_timeout') as previous`)) as unknown as { rows: { previous: string }[] }
  await database.execute(sql`select set_config('lock_timeout', ${`${ACCOUNT_LOCK_WAIT.accountChangeMs}ms`}, true)`)
  try {
    await database.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK_SPACE}, ${Number(userId)})`)
  } catch (error) {
    if (isLockNotAvailable(error)) throw new AccountBusy()
    throw error
  }
  await database.execute(sql`select set_config('lock_timeout', ${rows[0]?.previous ?? '0'}, true)`)
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * For a login, logout or token refresh: opens `req`'s transaction holding the account's lock.
 * While another request holds it, the transaction is given up (its connection back to the pool)
 * and the lock asked for again a moment later, for at most ACCOUNT_LOCK_WAIT.sessionWriteMs; then
 * AccountBusy. So a burst of logins on one account waits without holding connections, and a
 * change of the account, which waits in the lock's queue, goes before them.
 */
export async function openTransactionWithAccountLock(req: PayloadRequest, userId: number | string): Promise<void> {
  const deadline = Date.now() + ACCOUNT_LOCK_WAIT.sessionWriteMs
  for (;;) {
    const startedHere = await initTransaction(req)
    const database = await transactionDatabase(req.payload, req)
    const { rows } = (await database.execute(sql`select pg_try_advisory_xact_lock(${ACCOUNT_LOCK_SPACE}, ${Number(userId)}) as locked`)) as unknown as {
      rows: { locked: boolean }[]
    }
    if (rows[0]?.locked) return
    // A transaction someone else opened is not ours to give up: wait in the queue inside it.
    if (!startedHere) return lockAccount(req.payload, req, userId)
    await killTransaction(req)
    if (Date.now() >= deadline) throw new AccountBusy()
    await pause(ACCOUNT_LOCK_WAIT.retryEveryMs * (0.5 + Math.random()))
  }
}
