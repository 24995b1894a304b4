import type { CollectionBeforeOperationHook, Payload, PayloadRequest, Where } from 'payload'
import { lockAccount, openTransactionWithAccountLock } from '../../../src/auth/account-lock'

/*
 * The account's lock (src/auth/account-lock.ts) for Payload's own operations, taken before the
 * operation reads the row it will write back.
 */

/** The accounts an operation will write, by what it names them with. */
async function accountsWritten(payload: Payload, req: PayloadRequest, operation: string, args: Record<string, unknown>): Promise<(number | string)[]> {
  const data = (args.data ?? {}) as Record<string, unknown>
  let where: Where | undefined
  if ((operation === 'update' || operation === 'delete') && (typeof args.id === 'number' || typeof args.id === 'string')) return [args.id]
  if (operation === 'update' || operation === 'delete') where = args.where as Where | undefined
  // The reset finds its account by the stored token (the hash the shop hands in).
  else if (operation === 'resetPassword' && typeof data.token === 'string') where = { resetPasswordToken: { equals: data.token } }
  else if (operation === 'forgotPassword') {
    const names = [data.email, data.username].filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    const matches = names.flatMap((name): Where[] => [{ email: { equals: name.trim().toLowerCase() } }, { username: { equals: name.trim().toLowerCase() } }])
    if (matches.length) where = { or: matches }
  }
  if (!where) return []
  const { docs } = await payload.db.find<{ id: number }>({ collection: 'users', where, limit: 0, pagination: false, req })
  return docs.map((doc) => doc.id)
}

/**
 * Payload's operations that read an account and write it back whole. Its unlock writes two
 * columns of its own (loginAttempts, lockUntil, unused here: maxLoginAttempts is 0) and its
 * create makes a row nobody else writes yet.
 */
const WRITING_OPERATIONS = new Set(['update', 'delete', 'resetPassword', 'forgotPassword'])

/**
 * Every Payload operation that writes accounts: update and delete (one or many), resetPassword
 * and forgotPassword. Payload has opened the operation's transaction by now; the locks are taken
 * in it in a fixed order (by id), so two bulk changes cannot deadlock.
 */
export const lockAccountsOfWrite: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (!WRITING_OPERATIONS.has(operation)) return args
  if (!req.transactionID) throw new Error(`Payload's ${operation} of users runs without a transaction: the account lock needs one.`)
  const ids = await accountsWritten(req.payload, req, operation, args as Record<string, unknown>)
  for (const id of [...new Set(ids.map(Number))].sort((a, b) => a - b)) await lockAccount(req.payload, req, id)
  return args
}

/**
 * A login through Payload's login endpoint (endpoints/sessionWrites.ts), once the login limits
 * have let the attempt through and named its account: the transaction is opened here with the
 * account's lock, before Payload reads the account; Payload's login runs in it and the endpoint
 * ends it. Opened only now, so attempts that are refused or name no account never hold a
 * connection. A Local API login (the rolled-back password check, src/auth/password-check.ts)
 * brings its own transaction or none, and writes nothing that stays.
 */
export const lockAccountOfLogin: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const userId = req.context.loginAttempt?.userId
  if (operation !== 'login' || !req.context.serialisedLogin || userId === undefined || userId === null) return args
  await openTransactionWithAccountLock(req, userId)
  return args
}
