import { type CollectionBeforeOperationHook, initTransaction } from 'payload'
import { lockAccountSessions } from '../../../src/site/transaction'

/**
 * A login's share of the serialised session writes (endpoints/sessionWrites.ts): once the login
 * limits have let the attempt through and named its account, a transaction is opened and the
 * account's session list locked in it, before Payload reads it; Payload's login then runs in that
 * transaction, and the endpoint ends it. Opened only here, so attempts that are refused or name no
 * account never hold a database connection. Only for a login through that endpoint, which ends the
 * transaction: a Local API login (the rolled-back password check, src/auth/password-check.ts)
 * brings its own transaction or none.
 */
export const lockSessionsOfLogin: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const userId = req.context.loginAttempt?.userId
  if (operation !== 'login' || !req.context.serialisedLogin || userId === undefined || userId === null) return args
  await initTransaction(req)
  await lockAccountSessions(req.payload, req, userId)
  return args
}
