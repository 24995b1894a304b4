import type { Payload, TypedUser } from 'payload'
import type { Setting } from '../../../../../payload-types'
import type { TipTarget } from '@/components/purchases/TipForm'
import { type BankTransfer, bankTransferFor, purchaseTransferReference } from '@/payments/bank-transfer'
import { findOwnPurchase } from '@/purchases/own-purchase'
import type { PurchaseAsListed } from '@/purchases/purchase-request'
import { serializePurchase } from '@/purchases/serialize'
import { DEFAULT_BILLING_COUNTRY } from '@/rules/billing-countries'

/** What the purchase page shows: the purchase as the API lists it, how to transfer the money, whether a tip may follow, the billing details a tip starts from. */
export type PurchaseView = {
  purchase: PurchaseAsListed
  transfer: BankTransfer | null
  tipTarget: TipTarget | null
  billing: { name: string; address: string; country: string }
}

/**
 * One of the viewer's own purchases as its page shows it (read as the viewer, as GET
 * /api/purchases/{id}/ reads it), or null when it is not theirs. A tip is offered once it is paid
 * and holds an album or track whose price the buyer named (the server checks the same).
 */
export async function purchaseView(payload: Payload, viewer: TypedUser, purchaseId: number, settings: Setting): Promise<PurchaseView | null> {
  const stored = await findOwnPurchase(payload, viewer, purchaseId)
  if (!stored) return null
  const tipOffered = stored.status === 'paid' && stored.lines.some((line) => line.named_price)
  return {
    purchase: serializePurchase(stored),
    transfer: bankTransferFor(stored, settings, purchaseTransferReference(stored.id)),
    tipTarget: tipOffered ? { for_purchase: stored.id } : null,
    billing: { name: stored.billing_name ?? '', address: stored.billing_address ?? '', country: stored.billing_country ?? DEFAULT_BILLING_COUNTRY },
  }
}
