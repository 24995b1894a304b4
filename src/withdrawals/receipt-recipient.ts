import type { Payload } from 'payload'
import type { Withdrawal } from '../../payload-types'

/**
 * Whether a withdrawal's receipt goes to the sender themselves: a logged-in customer who gave
 * their own account's e-mail address. Only such a receipt quotes what the sender typed (name,
 * details). Anyone else can type any address, and the receipt goes out under the shop's name, so
 * it quotes no free text there (order number and time of receipt only): the form must not become
 * a way to send a stranger one's own words, links included. The server's own read, in the mail job.
 */
export async function receiptGoesToSender(payload: Payload, withdrawal: Withdrawal): Promise<boolean> {
  const customerId = typeof withdrawal.customer === 'object' ? withdrawal.customer?.id : withdrawal.customer
  if (!customerId) return false
  const account = await payload.findByID({ collection: 'users', id: customerId, depth: 0, select: { email: true }, disableErrors: true })
  return Boolean(account?.email && account.email.toLowerCase() === withdrawal.email.trim().toLowerCase())
}
