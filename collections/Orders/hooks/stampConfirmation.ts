import type { CollectionBeforeChangeHook } from 'payload'

/**
 * The moment a customer confirms their order is recorded by the server, not sent by anyone, and
 * the confirmation completes the delivered order (guardStatusChange allows that to the customer
 * alone). A confirmation is never taken back (collections/access/confirmationStillOpen.ts), so its
 * stamp stays too.
 */
export const stampConfirmation: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  if (originalDoc?.confirmed_by_user === true) {
    const { confirmed_at: _kept, ...rest } = data
    return rest
  }
  if (data.confirmed_by_user === true) return { ...data, confirmed_at: new Date().toISOString(), status: 'completed' }
  return { ...data, confirmed_at: null }
}
