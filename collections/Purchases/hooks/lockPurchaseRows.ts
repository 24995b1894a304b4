import type { CollectionBeforeOperationHook } from 'payload'
import { lockPurchaseRows } from '../../../src/site/transaction'

/**
 * Serializes every change of a purchase, whoever makes it (Stripe's webhook, the seller's status
 * change, the payment page storing its session): Payload runs this inside the operation's
 * transaction and only then reads the stored purchase, so the save starts from the row as it is
 * now and the hooks below check the step, issue the invoice and grant the music against that row.
 * Twenty "paid" events at once: the first turns it paid, the others find it paid. A bulk change
 * locks every purchase.
 */
export const lockPurchaseRowsBeforeChange: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'update' && operation !== 'delete') return args
  const id = (args as { id?: number | string }).id
  await lockPurchaseRows(req.payload, req, id === undefined ? 'all' : Number(id))
  return args
}
