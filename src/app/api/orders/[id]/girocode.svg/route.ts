import { customerRoute } from '@/app/api/_adapters/customer-route'
import { parseDocumentId } from '@/http/document-id'
import { notFound } from '@/http/answer'
import { findOwnOrder } from '@/orders/own-order'
import { bankTransferFor } from '@/payments/bank-transfer'
import { girocodeSvg } from '@/payments/girocode'

/**
 * GET /api/orders/{id}/girocode.svg: the GiroCode for paying one of the caller's own unpaid
 * prepayment orders (an <img> on the order and account pages); 404 when no transfer is due.
 */
export const GET = customerRoute<{ id: string }>(async (_request, { payload, user }, { id }) => {
  const orderId = parseDocumentId(id)
  const order = orderId === null ? null : await findOwnOrder(payload, user, orderId)
  if (!order) return notFound()
  const settings = await payload.findGlobal({ slug: 'settings', depth: 0 })
  const transfer = bankTransferFor(order, settings)
  if (!transfer) return notFound()
  return new Response(await girocodeSvg(transfer), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
  })
})
