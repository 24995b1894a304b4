import type { Order, Setting } from '../../payload-types'
import { paysOnline } from '@/rules/choices'
import { totalCents } from '@/rules/pricing'
import { isValidIban, printedIban, type TransferRequest } from './girocode'

/** What a customer needs to pay an order by bank transfer, as shown on screen, in mails and as a GiroCode. */
export type BankTransfer = TransferRequest & { printedIban: string; bankName: string | null }

/** The transfer's reference: the order number, worded the same in every language so the seller can match it. */
export const transferReference = (orderId: number): string => `Bestellung ${orderId}`

/** The transfer's reference for a purchase of music: its number, told apart from an order's. */
export const purchaseTransferReference = (purchaseId: number): string => `Musikkauf ${purchaseId}`

/**
 * The bank transfer that pays this order (or purchase, with its reference), or null when none is
 * due (paid already, another method, nothing to pay) or the seller's bank account in the settings
 * is incomplete.
 */
export function bankTransferFor(
  order: Pick<Order, 'id' | 'status' | 'payment_method' | 'total'>,
  settings: Pick<Setting, 'bank_account_holder' | 'bank_iban' | 'bank_bic' | 'bank_name'>,
  reference: string = transferReference(order.id),
): BankTransfer | null {
  if (order.status !== 'pending_payment' || paysOnline(order.payment_method)) return null
  const accountHolder = settings.bank_account_holder?.trim()
  const iban = settings.bank_iban?.trim()
  const amountCents = totalCents(order)
  if (!accountHolder || !iban || !isValidIban(iban) || amountCents <= 0) return null
  return {
    accountHolder,
    iban,
    printedIban: printedIban(iban),
    bic: settings.bank_bic?.trim() || null,
    bankName: settings.bank_name?.trim() || null,
    amountCents,
    reference,
  }
}
