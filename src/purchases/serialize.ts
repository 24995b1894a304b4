import type { Purchase } from '../../payload-types'
import { paysOnline } from '@/rules/choices'
import { idOf } from '@/site/relation-id'
import type { PurchaseAsListed } from './purchase-request'

/** How purchases are read for the storefront: ids only, nothing of other collections populated. */
export const PURCHASE_READ = { depth: 0 } as const

/** What the buyer does next: pay online, transfer the money, or nothing (paid, refunded, cancelled). */
const nextStep = (purchase: Purchase): PurchaseAsListed['next'] => {
  if (purchase.status !== 'pending_payment') return 'none'
  return paysOnline(purchase.payment_method) ? 'pay_online' : 'bank_transfer'
}

/** A purchase as the purchase API answers it (src/purchases/purchase-request.ts, the contract). */
export const serializePurchase = (purchase: Purchase): PurchaseAsListed => {
  const invoiceId = idOf(purchase.invoice)
  return {
    id: purchase.id,
    status: purchase.status,
    total: purchase.total,
    vat_amount: purchase.vat_amount,
    payment_method: purchase.payment_method,
    created_at: purchase.createdAt,
    paid_at: purchase.paid_at ?? null,
    lines: purchase.lines.map((line) => ({
      kind: line.kind,
      title: line.title,
      amount: line.amount,
      vat_rate: line.vat_rate,
      music_group: idOf(line.music_group) ?? null,
      track: idOf(line.track) ?? null,
      formats: line.formats ?? [],
    })),
    // Served to its customer and the seller by src/app/api/invoices/[file]/route.ts.
    invoice_pdf: invoiceId ? `/api/invoices/${invoiceId}.pdf` : null,
    next: nextStep(purchase),
  }
}
