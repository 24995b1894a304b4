import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { parseDocumentId } from '@/http/document-id'
import { findOwnPurchase, noSuchPurchase } from '@/purchases/own-purchase'
import { serializePurchase } from '@/purchases/serialize'

/** GET /api/purchases/{id}/: one of the caller's own purchases; anyone else's is 404. */
export const GET = customerRoute<{ id: string }>(async (_request, { payload, user }, { id }) => {
  const purchaseId = parseDocumentId(id)
  const purchase = purchaseId === null ? null : await findOwnPurchase(payload, user, purchaseId)
  return answer(purchase ? { ok: true, value: serializePurchase(purchase) } : noSuchPurchase())
})
