import {
  APIError,
  AuthenticationError,
  type CollectionAfterErrorHook,
  type CollectionAfterLoginHook,
  type CollectionAfterOperationHook,
  type CollectionBeforeOperationHook,
  type Payload,
  type PayloadRequest,
  type RequestContext,
} from 'payload'
import { AccountBusy } from '../../../src/auth/account-lock'
import { accountWaitMessage, clearLoginDelay, loginSucceeded, startLoginAttempt, TOO_MANY_LOGIN_FAILURES } from '../../../src/auth/login-limit'
import { releaseHits, restampHits } from '../../../src/auth/rate-limit'
import { isDatabaseError, SERVICE_UNAVAILABLE } from '../../../src/auth/service-unavailable'
import { addressFromHeaders } from '../../../src/http/client-address'
import { BUSY_RETRY_AFTER_SECONDS } from '../../../src/rules/lock-waits'

/*
 * The login limits sit on the users collection, so they guard every way in: the storefront's
 * login calls (which go through Payload's endpoint) and the admin panel's /api/cms/users/login alike.
 */

class AddressBlocked extends APIError {
  constructor() {
    super(TOO_MANY_LOGIN_FAILURES, 429, null, true)
  }
}

class AccountWaiting extends APIError {
  constructor(readonly waitSeconds: number) {
    super(accountWaitMessage(waitSeconds), 429, { retryAfterSeconds: waitSeconds }, true)
  }
}

type StartedAttempt = NonNullable<RequestContext['loginAttempt']>

/** The account a login names (Payload matches the name against username and e-mail alike), or null. */
async function namedUserId(payload: Payload, data: Record<string, unknown>): Promise<number | string | null> {
  // Payload's REST login passes both, the one not given as '' (auth/endpoints/login.js).
  const name = [data.username, data.email].find((value) => typeof value === 'string' && value.trim() !== '') as string | undefined
  if (!name) return null
  const identifier = name.toLowerCase().trim()
  const { docs } = await payload.find({
    collection: 'users',
    where: { or: [{ username: { equals: identifier } }, { email: { equals: identifier } }] },
    limit: 1,
    depth: 0,
    pagination: false,
  })
  return docs[0]?.id ?? null
}

/** Counts a login attempt before the password is looked at, or refuses it (429). */
export const limitLoginAttempts: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login' || req.context.passwordCheck) return args
  const userId = await namedUserId(req.payload, (args.data ?? {}) as Record<string, unknown>)
  const attempt = await startLoginAttempt(req.payload, addressFromHeaders(req.headers), userId)
  if (!attempt.allowed) throw attempt.reason === 'address' ? new AddressBlocked() : new AccountWaiting(attempt.waitSeconds)
  req.context.loginAttempt = { hitIds: attempt.hitIds, userId } satisfies StartedAttempt
  return args
}

/**
 * The password was right: the attempt was no failure, and the account's delay starts over. A
 * login through the users' login endpoint runs in a transaction that holds a pool connection
 * (endpoints/sessionWrites.ts); the limits' own queries need another one, so there they wait
 * until that transaction has ended: ten logins at once would otherwise hold all ten connections
 * and wait for an eleventh.
 */
export const forgetSuccessfulAttempt: CollectionAfterLoginHook = async ({ req, user }) => {
  const attempt = req.context.loginAttempt
  if (!attempt) return user
  const forget = () => loginSucceeded(req.payload, attempt.hitIds, user.id)
  if (req.context.serialisedLogin) req.context.afterSessionWrite = forget
  else await forget()
  return user
}

/** The seller's unlock (REST or Local API) and a password reset let the account log in at once. */
export const clearDelayOnUnlock: CollectionAfterOperationHook = async ({ args, operation, req, result }) => {
  if (operation === 'unlock' && result) {
    const userId = await namedUserId(req.payload, (args.data ?? {}) as Record<string, unknown>)
    if (userId !== null) await clearLoginDelay(req.payload, userId)
  }
  if (operation === 'resetPassword' && result && typeof result === 'object' && 'user' in result && result.user) {
    await clearLoginDelay(req.payload, (result.user as { id: number | string }).id)
  }
  return result
}

function setRetryAfter(req: PayloadRequest, seconds: number): void {
  req.responseHeaders ??= new Headers()
  req.responseHeaders.set('Retry-After', String(seconds))
}

/**
 * Words the refusals (Payload's error formatting would hide the message), answers a database
 * failure as 503 rather than as wrong credentials, and settles the advance count: a wrong
 * password keeps it (counted from now), any other end of the attempt takes it back.
 * instanceof, not error names: the production build shortens class names.
 */
export const answerLoginErrors: CollectionAfterErrorHook = async ({ error, req }) => {
  const attempt = req.context.loginAttempt
  if (attempt && error instanceof AuthenticationError) await restampHits(req.payload, attempt.hitIds)
  else if (attempt) await releaseHits(req.payload, attempt.hitIds).catch(() => {})
  if (error instanceof AddressBlocked) return { response: { errors: [{ message: TOO_MANY_LOGIN_FAILURES }] }, status: 429 }
  if (error instanceof AccountBusy) {
    setRetryAfter(req, BUSY_RETRY_AFTER_SECONDS)
    return { response: { errors: [{ message: error.message }] }, status: 429 }
  }
  if (error instanceof AccountWaiting) {
    setRetryAfter(req, error.waitSeconds)
    return { response: { errors: [{ message: error.message, data: { retryAfterSeconds: error.waitSeconds } }] }, status: 429 }
  }
  if (isDatabaseError(error)) return { response: { errors: [{ message: SERVICE_UNAVAILABLE }] }, status: 503 }
}
