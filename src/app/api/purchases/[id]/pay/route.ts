import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { contentLocale } from '@/http/content-locale'
import { parseDocumentId } from '@/http/document-id'
import { startPurchasePayment } from '@/payments/pay-purchase'
import { publicOrigin } from '@/site/public-url'

/** POST /api/purchases/{id}/pay/ with an empty body: `{ url }` of Stripe's payment page for an unpaid card or PayPal purchase. */
export const POST = customerRoute<{ id: string }>(async (request, { payload, user }, { id }) =>
  answer(await startPurchasePayment(payload, user, parseDocumentId(id), { locale: contentLocale(request), origin: publicOrigin() })),
)
