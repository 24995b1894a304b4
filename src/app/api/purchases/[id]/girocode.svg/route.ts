import { customerRoute } from '@/app/api/_adapters/customer-route'
import { parseDocumentId } from '@/http/document-id'
import { notFound } from '@/http/answer'
import { bankTransferFor, purchaseTransferReference } from '@/payments/bank-transfer'
import { girocodeSvg } from '@/payments/girocode'
import { findOwnPurchase } from '@/purchases/own-purchase'

/**
 * GET /api/purchases/{id}/girocode.svg: the GiroCode for paying one of the caller's own unpaid
 * prepayment purchases (reference "Musikkauf {id}"); 404 when no transfer is due.
 */
export const GET = customerRoute<{ id: string }>(async (_request, { payload, user }, { id }) => {
  const purchaseId = parseDocumentId(id)
  const purchase = purchaseId === null ? null : await findOwnPurchase(payload, user, purchaseId)
  if (!purchase) return notFound()
  const settings = await payload.findGlobal({ slug: 'settings', depth: 0 })
  const transfer = bankTransferFor(purchase, settings, purchaseTransferReference(purchase.id))
  if (!transfer) return notFound()
  return new Response(await girocodeSvg(transfer), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
  })
})
