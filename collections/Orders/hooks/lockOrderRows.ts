import type { CollectionBeforeOperationHook } from 'payload'
import { lockOrderRows } from '../../../src/site/transaction'

/**
 * Serializes every change of an order, whoever makes it (the admin's form, the status buttons,
 * Stripe's webhook, the customer's calls on the order page): Payload runs this inside the
 * operation's transaction and only then reads the stored order, so the save starts from the row
 * as it is now and its hooks (guardStatusChange, issueInvoicesOnPayment) check the step against
 * that row. Without it, a save that read the order before a refund committed would write the old
 * status back over it. A bulk change (the admin's "edit many") locks every order.
 */
export const lockOrderRowsBeforeChange: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'update' && operation !== 'delete') return args
  const id = (args as { id?: number | string }).id
  await lockOrderRows(req.payload, req, id === undefined ? 'all' : Number(id))
  return args
}
