import type { Payload, TypedUser } from 'payload'
import { DatabaseBusyError, DatabaseOutageError } from '@/http/outage'
import { presentsLogin } from '@/http/presents-login'
import { databaseReachable } from '@/site/database-check'
import { poolRefusedSince } from '@/site/database-pool'

/**
 * The logged-in user of a request, or null. Payload's login check answers "nobody" also when it
 * cannot read the user from the database; for a request that presents a login, that would log the
 * visitor out during a database outage. So then the database is asked once more, and an outage
 * is thrown as one (answered 503 by the route adapters and our server, src/http/outage.ts); so is a
 * pool that had no connection free meanwhile (asking the database again would only wait once more).
 */
export async function authenticate(payload: Payload, headers: Headers): Promise<TypedUser | null> {
  const startedAt = Date.now()
  const { user } = await payload.auth({ headers })
  if (user || !presentsLogin(headers.get('authorization'), headers.get('cookie'))) return user
  if (poolRefusedSince(startedAt)) throw new DatabaseBusyError()
  if (!(await databaseReachable(payload))) throw new DatabaseOutageError()
  return null
}
