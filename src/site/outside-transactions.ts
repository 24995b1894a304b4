import { AsyncLocalStorage } from 'node:async_hooks'
import { appendFileSync } from 'node:fs'

/**
 * The write-path rule's second half (docs/architecture.md): no call to another service (Stripe,
 * S3, SMTP) while a database transaction is open, since it would hold a pool connection and its
 * locks for as long as the service takes. The shop's transaction helpers (src/site/transaction.ts)
 * run their work inside `insideTransaction`; the service clients call `assertNoOpenTransaction`
 * before every call. With SERVICE_CALL_GUARD=throw (the tests' shop, scripts/test.ts) a violation
 * throws; otherwise it is logged once per message, and the call goes ahead. Either way it is
 * counted, and written to SERVICE_CALL_VIOLATIONS_FILE when set (the test run fails on any line).
 */
const openTransaction = new AsyncLocalStorage<string>()

/** Runs `work` marked as inside the transaction named `what` (e.g. "the customer's lock"). */
export const insideTransaction = <T>(what: string, work: () => Promise<T>): Promise<T> => openTransaction.run(what, work)

/** The transaction open around the caller, or undefined. */
export const currentTransaction = (): string | undefined => openTransaction.getStore()

let violations = 0
const logged = new Set<string>()

/** How many calls to another service were made inside a transaction since the server started. */
export const serviceCallViolations = (): number => violations

export class ServiceCallInTransactionError extends Error {}

/** Call before a request to another service: refuses (tests) or logs (production) one made inside a transaction. */
export function assertNoOpenTransaction(service: string): void {
  const transaction = currentTransaction()
  if (transaction === undefined) return
  violations++
  const message = `${service} was called inside a database transaction (${transaction}); call it before or after the transaction.`
  if (process.env.SERVICE_CALL_VIOLATIONS_FILE) appendFileSync(process.env.SERVICE_CALL_VIOLATIONS_FILE, `${message}\n${new Error().stack}\n\n`)
  if (process.env.SERVICE_CALL_GUARD === 'throw') throw new ServiceCallInTransactionError(message)
  if (!logged.has(message)) {
    logged.add(message)
    console.warn(`${message}\n${new Error().stack}`)
  }
}
