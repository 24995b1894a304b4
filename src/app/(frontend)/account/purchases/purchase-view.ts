import type { Payload, TypedUser } from 'payload'
import type { Purchase, Setting } from '../../../../../payload-types'
import type { TipTarget } from '@/components/purchases/TipForm'
import { type BankTransfer, bankTransferFor } from '@/payments/bank-transfer'
import type { PurchaseAsListed } from '@/purchases/purchase-request'
import { DEFAULT_BILLING_COUNTRY } from '@/rules/billing-countries'
import { paysOnline } from '@/rules/choices'
import { idOf } from '@/site/relation-id'

/** What the purchase page shows: the purchase as the API lists it, how to transfer the money, whether a tip may follow, the billing details a tip starts from. */
export type PurchaseView = {
  purchase: PurchaseAsListed
  transfer: BankTransfer | null
  tipTarget: TipTarget | null
  billing: { name: string; address: string; country: string }
}

// TODO(h33b merge): read through the purchase API's own serializer once it exists.
function listed(purchase: Purchase): PurchaseAsListed {
  const invoice = idOf(purchase.invoice)
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
      music_group: idOf(line.music_group),
      track: idOf(line.track),
      formats: line.formats ?? [],
    })),
    invoice_pdf: invoice ? `/api/invoices/${invoice}.pdf` : null,
    next: purchase.status !== 'pending_payment' ? 'none' : paysOnline(purchase.payment_method) ? 'pay_online' : 'bank_transfer',
  }
}

/** Whether an album or track of the purchase is sold at a price its buyer names: after such a purchase a tip is offered. */
async function hasNameYourPriceLine(payload: Payload, viewer: TypedUser, purchase: PurchaseAsListed): Promise<boolean> {
  const groups = purchase.lines.map((line) => line.music_group).filter((id): id is number => id !== null)
  const tracks = purchase.lines.map((line) => line.track).filter((id): id is number => id !== null)
  const asViewer = { depth: 0, limit: 0, pagination: false, user: viewer, overrideAccess: false, select: { sale: true } } as const
  const [groupDocs, trackDocs] = await Promise.all([
    groups.length > 0 ? payload.find({ collection: 'music-groups', where: { id: { in: groups } }, ...asViewer }) : { docs: [] },
    tracks.length > 0 ? payload.find({ collection: 'tracks', where: { id: { in: tracks } }, ...asViewer }) : { docs: [] },
  ])
  return [...groupDocs.docs, ...trackDocs.docs].some((doc) => doc.sale?.mode === 'name_your_price')
}

/** The purchase as its buyer (or the seller) may see it, or null when it is not theirs to see. */
export async function purchaseView(payload: Payload, viewer: TypedUser, purchaseId: number, settings: Setting): Promise<PurchaseView | null> {
  const { docs } = await payload.find({
    collection: 'purchases',
    where: { id: { equals: purchaseId } },
    limit: 1,
    pagination: false,
    depth: 0,
    user: viewer,
    overrideAccess: false,
  })
  const stored = docs[0]
  if (!stored) return null
  const purchase = listed(stored)
  const ownPaid = purchase.status === 'paid' && idOf(stored.customer) === viewer.id
  return {
    purchase,
    transfer: bankTransferFor(stored, settings),
    tipTarget: ownPaid && (await hasNameYourPriceLine(payload, viewer, purchase)) ? { for_purchase: purchase.id } : null,
    billing: { name: stored.billing_name ?? '', address: stored.billing_address ?? '', country: stored.billing_country ?? DEFAULT_BILLING_COUNTRY },
  }
}

/** The viewer's own purchases, newest first, as the account page lists them. */
export async function ownPurchases(payload: Payload, viewer: TypedUser): Promise<PurchaseAsListed[]> {
  const { docs } = await payload.find({
    collection: 'purchases',
    where: { customer: { equals: viewer.id } },
    sort: '-createdAt',
    limit: 0,
    pagination: false,
    depth: 0,
    user: viewer,
    overrideAccess: false,
  })
  return docs.map(listed)
}
