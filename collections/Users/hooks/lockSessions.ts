import type { CollectionBeforeOperationHook } from 'payload'
import { lockAccountSessions } from '../../../src/site/transaction'

/**
 * A login's share of the serialised session writes (endpoints/sessionWrites.ts): once the login
 * limits have let the attempt through and named its account, the account's session list is
 * locked in the endpoint's transaction, before Payload reads it. Without that transaction (the
 * rolled-back password check of src/auth/password-check.ts) nothing is written to protect.
 */
export const lockSessionsOfLogin: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const userId = req.context.loginAttempt?.userId
  if (operation === 'login' && userId !== undefined && userId !== null && req.transactionID) {
    await lockAccountSessions(req.payload, req, userId)
  }
  return args
}
