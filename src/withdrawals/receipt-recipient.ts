import type { Payload } from 'payload'
import { confirmedAddress } from '@/gdpr/customer-records'
import type { Withdrawal } from '../../payload-types'
import { idOf } from '@/site/relation-id'

/**
 * Whom a withdrawal's receipt goes to, as far as quoting goes:
 * - 'own-confirmed-address': the logged-in sender's own account address, confirmed by the link
 *   mailed to it (users.email_confirmed_at). Only this receipt quotes what the sender typed (name, details).
 * - 'unconfirmed-address': the sender's own account address, never confirmed: anyone can register
 *   with a stranger's address, so it is as foreign as the next case.
 * - 'other-address': an anonymous sender, or an address that is not the account's.
 * The receipt goes out under the shop's name; the form must not become a way to send a stranger
 * one's own words, links included. The server's own read, in the mail job.
 */
export type ReceiptRecipient = 'own-confirmed-address' | 'unconfirmed-address' | 'other-address'

export async function receiptRecipient(payload: Payload, withdrawal: Withdrawal): Promise<ReceiptRecipient> {
  const customerId = idOf(withdrawal.customer)
  if (!customerId) return 'other-address'
  const account = await payload.findByID({
    collection: 'users',
    id: customerId,
    depth: 0,
    select: { email: true, email_confirmed_at: true },
    disableErrors: true,
  })
  if (!account?.email || account.email.toLowerCase() !== withdrawal.email.trim().toLowerCase()) return 'other-address'
  return confirmedAddress(account) ? 'own-confirmed-address' : 'unconfirmed-address'
}
