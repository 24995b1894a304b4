import { APIError, type CollectionBeforeValidateHook } from 'payload'

export const STALE_ORDER_MESSAGE =
  'This order was changed in the meantime (the customer confirmed it or added a recording). Your changes were not saved: reload the page and make them again.'

/**
 * Optimistic concurrency for the seller's order form: the admin form sends back the `updatedAt`
 * it was loaded with (a hidden field of every collection). If the order changed since, the save
 * is refused with 409 and a message the admin shows, instead of overwriting what the customer did.
 * Calls that send no `updatedAt` (the storefront's own updates) are not affected.
 */
export const refuseStaleOrderSave: CollectionBeforeValidateHook = ({ data, originalDoc, operation }) => {
  if (operation !== 'update' || !data?.updatedAt || !originalDoc?.updatedAt) return data
  if (new Date(data.updatedAt).getTime() !== new Date(originalDoc.updatedAt).getTime()) {
    // With data, Payload's REST answer carries the message even when a minified build drops the class name.
    throw new APIError(STALE_ORDER_MESSAGE, 409, { detail: STALE_ORDER_MESSAGE }, true)
  }
  return data
}
