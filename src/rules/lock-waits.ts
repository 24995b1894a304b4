/*
 * How long a request may wait for a lock another request holds. A wait that holds a database
 * connection is short and bounded, so a burst on one record can never take the pool from
 * everybody else (issue 28): what does not get its lock in time answers "busy, try again".
 */

/**
 * One account's lock (src/auth/account-lock.ts). A login, logout or token refresh asks for it
 * again and again for up to `sessionWriteMs`, without a connection between tries; a change of
 * the account (a new password or address, a reset, the confirmation, an anonymisation) waits in
 * the lock's queue, ahead of those tries, for up to `accountChangeMs`.
 */
export const ACCOUNT_LOCK_WAIT = { sessionWriteMs: 5000, retryEveryMs: 100, accountChangeMs: 10_000 } as const

/**
 * A customer's lock that another request holds (src/site/transaction.ts): the request tries again
 * for up to `giveUpAfterMs`, holding no database connection in between, then answers 409 with
 * Retry-After `retryAfterSeconds` (which the shop's own pages follow by themselves).
 */
export const BUSY_LOCK = { giveUpAfterMs: 2000, retryAfterSeconds: 1 } as const

/** The Retry-After (seconds) of every "busy" answer. */
export const BUSY_RETRY_AFTER_SECONDS = BUSY_LOCK.retryAfterSeconds
