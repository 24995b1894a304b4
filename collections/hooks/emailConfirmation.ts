import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'
import { NEW_CONFIRMATION_LINK, newConfirmationToken } from '../../src/auth/email-confirmation'
import { REGISTRATION_CONTEXT } from '../access/sellerOrRegistration'

/** Handed from beforeChange to afterChange of the same operation: the plain token exists only here and in the mail. */
const PENDING_LINK = 'pendingConfirmationLink'
type PendingLink = { token: string; template: 'welcome' | 'confirm-email' }

const normalized = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value)

/**
 * A new confirmation link for a new account from the registration, for a changed e-mail address
 * (which is unconfirmed again) and when the customer asks for one again. Only its hash is stored.
 */
export const issueConfirmationLink: CollectionBeforeChangeHook = ({ data, operation, originalDoc, req }) => {
  const registering = operation === 'create' && req.context?.[REGISTRATION_CONTEXT] === true
  const addressChanged = operation === 'update' && data.email !== undefined && normalized(data.email) !== normalized(originalDoc?.email)
  const askedAgain = operation === 'update' && req.context?.[NEW_CONFIRMATION_LINK] === true
  if (!registering && !addressChanged && !askedAgain) return data
  const { token, tokenHash, expiresAt } = newConfirmationToken()
  data.email_confirmation_token_hash = tokenHash
  data.email_confirmation_expires_at = expiresAt
  if (registering || addressChanged) data.email_confirmed_at = null
  req.context[PENDING_LINK] = { token, template: registering ? 'welcome' : 'confirm-email' } satisfies PendingLink
  return data
}

/** Queues the mail with the link in the transaction that stored its hash: both happen, or neither. */
export const mailConfirmationLink: CollectionAfterChangeHook = async ({ doc, req }) => {
  const pending = req.context[PENDING_LINK] as PendingLink | undefined
  if (!pending) return doc
  delete req.context[PENDING_LINK]
  // TODO(mail): queueMail(req.payload, req, { template: pending.template, to: doc.email, locale: doc.locale ?? 'de', data: { userId: doc.id, token: pending.token } })
  return doc
}
