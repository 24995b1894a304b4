import { APIError, type CollectionBeforeOperationHook } from 'payload'
import { PASSWORD_RESET_CONTEXT } from '../../src/auth/password-reset'

class ResetThroughShop extends APIError {
  constructor() {
    super('Please ask for a new password on the shop’s page /forgot-password.', 403, null, true)
  }
}

/**
 * Payload's own forgot-password endpoint (/api/cms/users/forgot-password) would mail a link into
 * the admin panel, past the shop's rate limits and its mail queue. Reset links are asked for on
 * /forgot-password (src/auth/password-reset.ts) only; the admin's "Forgot password?" leads there too.
 */
export const onlyThroughShopPasswordReset: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'forgotPassword' && req.context?.[PASSWORD_RESET_CONTEXT] !== true) throw new ResetThroughShop()
  return args
}
