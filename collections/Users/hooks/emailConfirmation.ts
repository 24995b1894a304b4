import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'
import type { User } from '../../../payload-types'
import { forgetConfirmationLinks } from '../../../src/auth/email-confirmation'
import { queueConfirmationMail } from '../../../src/mail/account-mails'

/** Handed from beforeChange to afterChange of the same operation: which mail the change calls for. */

const normalized = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value)

/**
 * A new account from the registration, and an account whose e-mail address changes, start
 * unconfirmed: a changed address loses its confirmation (and, after the change, every earlier link).
 */
export const startEmailConfirmation: CollectionBeforeChangeHook<User> = ({ data, operation, originalDoc, req }) => {
  const registering = operation === 'create' && req.context.registrationForm === true
  const addressChanged = operation === 'update' && data.email !== undefined && normalized(data.email) !== normalized(originalDoc?.email)
  if (!registering && !addressChanged) return data
  data.email_confirmed_at = null
  req.context.confirmationMail = registering ? 'welcome' : 'confirm-email'
  return data
}

/** Queues the welcome mail, or the mail to a new address, in the transaction of the change: both happen, or neither. */
export const mailConfirmationLink: CollectionAfterChangeHook<User> = async ({ doc, req }) => {
  const template = req.context.confirmationMail
  if (!template) return doc
  delete req.context.confirmationMail
  if (template === 'confirm-email') await forgetConfirmationLinks(req.payload, doc.id, req)
  await queueConfirmationMail(req.payload, req, template, doc)
  return doc
}
