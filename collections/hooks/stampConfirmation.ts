import type { CollectionBeforeChangeHook } from 'payload'

/**
 * The moment a customer confirms their order is recorded by the server, not sent by anyone, and
 * the confirmation completes the delivered order (guardStatusChange allows that to the customer alone).
 */
export const stampConfirmation: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const nowConfirmed = data.confirmed_by_user === true && originalDoc?.confirmed_by_user !== true
  if (nowConfirmed) return { ...data, confirmed_at: new Date().toISOString(), status: 'completed' }
  if (data.confirmed_by_user === false) return { ...data, confirmed_at: null }
  return data
}
