import { commitTransaction, type Endpoint, killTransaction, type PayloadHandler } from 'payload'
import { AccountBusy, openTransactionWithAccountLock } from '../../../src/auth/account-lock'
import { BUSY_RETRY_AFTER_SECONDS } from '../../../src/rules/lock-waits'

/*
 * Payload keeps an account's sessions in one list on the user and, on every login, logout and
 * token refresh, reads the account, changes the list and writes the whole row back. Two of these for one
 * account at the same moment (a phone and a laptop, a refresh beside a login) each write the list
 * without the other's change: a device that had just logged in was logged out again (measured,
 * tests/integration/sessions-race.test.ts). These endpoints stand before Payload's own ones (a
 * collection's own endpoints are matched first) and run Payload's handler, unchanged, inside a
 * transaction that holds the account's lock (src/auth/account-lock.ts, which every other write of
 * the account takes too) before the row is read. Payload's operations find
 * the transaction open, use it and leave its end to us.
 *
 * The transaction is opened only for an account that is let in: a logout or refresh names it by
 * the login it comes with, a login once the login limits have passed it (hooks/lockAccount.ts).
 * Opening it for every attempt made a burst of logins hold all of the pool's connections while
 * the limits' own queries waited for one; for the same reason nothing in the transaction may
 * need a second connection (the login limits' bookkeeping waits for its end: afterSessionWrite).
 */

type SessionWrite = '/login' | '/logout' | '/refresh-token'

/** Payload's own handler for `path`, the endpoint listed after ours. */
function payloadsOwnHandler(req: Parameters<PayloadHandler>[0], path: SessionWrite, ours: Endpoint): PayloadHandler {
  const endpoint = (req.payload.collections.users.config.endpoints || []).find(
    (candidate) => candidate.path === path && candidate.method === 'post' && candidate !== ours,
  )
  if (!endpoint) throw new Error(`Payload's own POST ${path} endpoint of users is missing.`)
  return endpoint.handler
}

function serialisedSessionWrite(path: SessionWrite): Endpoint {
  const endpoint: Endpoint = {
    path,
    method: 'post',
    handler: async (req) => {
      const handler = payloadsOwnHandler(req, path, endpoint)
      try {
        if (path === '/login') req.context.serialisedLogin = true
        else if (req.user) await openTransactionWithAccountLock(req, req.user.id)
        const response = await handler(req)
        if (req.transactionID) await commitTransaction(req)
        await req.context.afterSessionWrite?.()
        return response
      } catch (error) {
        if (req.transactionID) await killTransaction(req)
        if (error instanceof AccountBusy)
          return Response.json({ errors: [{ message: error.message }] }, { status: 429, headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) } })
        throw error
      }
    },
  }
  return endpoint
}

/** POST /api/cms/users/login, /logout and /refresh-token: Payload's own, one account's at a time. */
export const sessionWriteEndpoints: Endpoint[] = (['/login', '/logout', '/refresh-token'] as const).map(serialisedSessionWrite)
