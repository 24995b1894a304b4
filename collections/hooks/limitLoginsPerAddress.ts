import { APIError, AuthenticationError, type CollectionAfterErrorHook, type CollectionBeforeOperationHook } from 'payload'
import { loginBlockedFor, recordLoginFailure, TOO_MANY_LOGIN_FAILURES } from '../../src/auth/login-limit'
import { addressFromHeaders } from '../../src/http/client-address'

/*
 * The per-address login limit sits on the users collection, so it guards every way in: the
 * storefront's login calls (which go through Payload's endpoint) and the admin panel's
 * /api/cms/users/login alike.
 */

class AddressBlocked extends APIError {
  constructor() {
    super(TOO_MANY_LOGIN_FAILURES, 429, null, true)
  }
}

/** Refuses a login from an address with too many recent failures, before the password is looked at. */
export const refuseLoginFromBlockedAddress: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation === 'login' && (await loginBlockedFor(req.payload, addressFromHeaders(req.headers)))) throw new AddressBlocked()
  return args
}

/**
 * Counts a login refused for wrong credentials against the caller's address, and words the
 * refusal of a blocked address (Payload's error formatting would hide the message). instanceof,
 * not error names: the production build shortens class names.
 */
export const answerLoginErrors: CollectionAfterErrorHook = async ({ error, req }) => {
  if (error instanceof AuthenticationError) await recordLoginFailure(req.payload, addressFromHeaders(req.headers))
  if (error instanceof AddressBlocked) return { response: { errors: [{ message: TOO_MANY_LOGIN_FAILURES }] }, status: 429 }
}
