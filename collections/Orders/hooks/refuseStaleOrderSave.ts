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
    // Named by hand: the minified build drops the class name, and Payload's REST answer then hides the message.
    throw Object.assign(new APIError(STALE_ORDER_MESSAGE, 409, { detail: STALE_ORDER_MESSAGE }, true), { name: 'StaleOrderSave' })
  }
  return data
}
