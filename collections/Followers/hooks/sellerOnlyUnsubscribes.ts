import { APIError, type CollectionBeforeChangeHook } from 'payload'

/**
 * The seller (admin, REST) changes a follower only by unsubscribing them: a sign-up or a
 * confirmation needs the follower's own click (double opt-in), so no caller sets "pending" or
 * "confirmed". Every other field is written by the server alone (field access).
 */
export const sellerOnlyUnsubscribes: CollectionBeforeChangeHook = ({ data, operation, originalDoc, req }) => {
  if (operation !== 'update' || req.payloadAPI === 'local' || data.status === undefined || data.status === originalDoc?.status) return data
  if (data.status !== 'unsubscribed') {
    throw new APIError('A follower can only be unsubscribed here: signing up and confirming need the follower’s own click.', 400, undefined, true)
  }
  return { ...data, unsubscribed_at: new Date().toISOString(), token_hash: null, token_expires_at: null }
}
