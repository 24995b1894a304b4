import { APIError, type CollectionBeforeChangeHook, type CollectionBeforeOperationHook } from 'payload'
import { hashResetToken } from '../../../src/auth/reset-token'

class ResetThroughShop extends APIError {
  constructor() {
    super('Please ask for a new password on the shop’s page /forgot-password.', 403, null, true)
  }
}

/**
 * Payload's own forgot-password endpoint (/api/cms/users/forgot-password) would mail a link into
 * the admin panel, past the shop's rate limits and its mail queue; its reset-password endpoint
 * would take whatever it is given as the stored value (the token's hash, from a copy of the
 * database). Reset links are asked for on /forgot-password and used on /reset-password
 * (src/auth/password-reset.ts) only; the admin's "Forgot password?" leads there too.
 */
export const onlyThroughShopPasswordReset: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if ((operation === 'forgotPassword' || operation === 'resetPassword') && req.context.passwordResetRequest !== true) throw new ResetThroughShop()
  return args
}

/**
 * Payload's forgotPassword writes its new token through an update of the account: the account
 * keeps the token's SHA-256 instead, the clear token goes only into the mail (src/auth/reset-token.ts).
 */
export const storeResetTokenHashed: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const token = data?.resetPasswordToken
  if (typeof token === 'string' && token !== originalDoc?.resetPasswordToken) data.resetPasswordToken = hashResetToken(token)
  return data
}

const normalized = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value)

/**
 * A new password or e-mail address ends an open reset link: a link mailed before (perhaps to the
 * old address, perhaps read by someone else) must not set the password afterwards.
 */
export const endResetOnCredentialChange: CollectionBeforeChangeHook = ({ data, operation, originalDoc }) => {
  if (operation !== 'update' || !data) return data
  const newPassword = typeof data.password === 'string' && data.password !== ''
  const newAddress = data.email !== undefined && normalized(data.email) !== normalized(originalDoc?.email)
  if (newPassword || newAddress) {
    data.resetPasswordToken = null
    data.resetPasswordExpiration = null
  }
  return data
}
