import { BUSY_LOCK } from '@/rules/lock-waits'
import { type Refusal, refuse } from './outcome'

/** The code of BusyLockError: recognised by it, not by its class (a route's bundle may hold its own copy of this module). */
const BUSY_LOCK_CODE = 'SHOP_LOCK_BUSY'

/**
 * A lock that another request of the same customer holds, not freed within BUSY_LOCK.giveUpAfterMs.
 * Thrown by withCustomerLocked (src/site/transaction.ts); src/http/answer.ts turns it into its
 * refusal: 409 with `detail`, `code: "busy"` and Retry-After, never a 5xx.
 */
export class BusyLockError extends Error {
  readonly code = BUSY_LOCK_CODE
  constructor(what: string) {
    super(`${what} is locked by another request.`)
  }
}

export const isBusyLock = (error: unknown): error is BusyLockError => (error as { code?: unknown } | null)?.code === BUSY_LOCK_CODE

/** What a request refused by a busy lock answers. */
export const busyLockRefusal = (): Refusal =>
  refuse(409, 'Another request of yours is being handled just now. Please try again in a moment.', {
    code: 'busy',
    retryAfterSeconds: BUSY_LOCK.retryAfterSeconds,
  })
