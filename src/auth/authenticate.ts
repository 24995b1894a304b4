import type { Payload, TypedUser } from 'payload'
import { DatabaseOutageError } from '@/http/outage'
import { databaseReachable } from '@/site/database-check'

/** Whether the request presents a login at all (bearer token or login cookie). */
const presentsLogin = (headers: Headers): boolean => headers.has('authorization') || /(?:^|;\s*)payload-token=/.test(headers.get('cookie') ?? '')

/**
 * The logged-in user of a request, or null. Payload's login check answers "nobody" also when it
 * cannot read the user from the database; for a request that presents a login, that would log the
 * visitor out during a database outage. So then the database is asked once more, and an outage
 * is thrown as one (answered 503 by the route adapters and our server, src/http/outage.ts).
 */
export async function authenticate(payload: Payload, headers: Headers): Promise<TypedUser | null> {
  const { user } = await payload.auth({ headers })
  if (user || !presentsLogin(headers)) return user
  if (!(await databaseReachable(payload))) throw new DatabaseOutageError()
  return null
}
