import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { contentLocale } from '@/http/content-locale'
import { parseDocumentId } from '@/http/document-id'
import { startOnlinePayment } from '@/payments/pay-order'
import { publicOrigin } from '@/site/public-url'

/** POST /api/orders/{id}/pay/ with an empty body: `{ url }` of Stripe's payment page for an unpaid card or PayPal order. */
export const POST = customerRoute<{ id: string }>(async (request, { payload, user }, { id }) =>
  answer(await startOnlinePayment(payload, user, parseDocumentId(id), { locale: contentLocale(request), origin: publicOrigin() })),
)
