import { createLocalReq, initTransaction, killTransaction, type Payload } from 'payload'

/**
 * Whether `password` is the current password of the account `userId`, checked by Payload's own
 * login (its hashing settings stay Payload's business across upgrades). The check is no login:
 * - it runs in a transaction of its own that is always rolled back, so the session Payload adds
 *   (and a rehash, a reset of login attempts) never reaches the database;
 * - `req.context.passwordCheck` keeps the users collection's login limits out of it
 *   (collections/hooks/limitLogins.ts): a caller that must count guesses does so itself
 *   (src/gdpr/account-deletion.ts).
 * Database failures are thrown, not answered as a wrong password.
 */
/**
 * Payload's answer to a wrong password (AuthenticationError, 401) or a malformed one (ValidationError,
 * 400), read by shape: the route's bundle may hold its own copy of Payload's error classes, so
 * `instanceof` can miss them.
 */
const refusedLogin = (error: unknown): boolean => {
  const status = (error as { status?: unknown } | null)?.status
  return status === 401 || status === 400
}

export async function passwordMatches(payload: Payload, userId: number | string, password: string): Promise<boolean> {
  const account = await payload.db.findOne<{ id: number | string; email?: string | null; username?: string | null }>({
    collection: 'users',
    where: { id: { equals: userId } },
  })
  const name = account?.email || account?.username
  if (!account || !name) return false
  const req = await createLocalReq({ context: { passwordCheck: true } }, payload)
  if (!(await initTransaction(req))) throw new Error('The password check needs a database transaction to roll its login back.')
  try {
    const { user } = await payload.login({ collection: 'users', data: { email: name, password }, req, depth: 0 })
    // Payload matches the name against username and e-mail alike: the account found must be this one.
    return user !== undefined && String(user.id) === String(account.id)
  } catch (error) {
    if (refusedLogin(error)) return false
    throw error
  } finally {
    await killTransaction(req)
  }
}
