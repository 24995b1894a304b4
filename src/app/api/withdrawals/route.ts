import { clientAddress } from '@/http/client-address'
import { contentLocale } from '@/http/content-locale'
import { answer, internalError } from '@/http/answer'
import { readJsonBody } from '@/http/read-json-body'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'
import { payloadClient } from '@/site/payload'
import { receiveWithdrawal } from '@/withdrawals/receive-withdrawal'
import { authenticate } from '@/auth/authenticate'

/**
 * POST /api/withdrawals/ with JSON name, email, order_number, details?, locale? (the online
 * withdrawal function, § 356a BGB). Open to everyone; a logged-in customer's declaration is
 * linked to their account. 201 with the time of receipt, or 400 with `detail`, `code` and
 * `field`, or 429.
 */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer({ ...body, code: 'invalid_request', field: null })
  try {
    const payload = await payloadClient()
    const user = await authenticate(payload, request.headers)
    const outcome = await receiveWithdrawal(payload, body.value, {
      clientAddress: clientAddress(request),
      user,
      fallbackLocale: contentLocale(request),
    })
    return answer(outcome, 201)
  } catch (error) {
    return internalError(error, 'POST /api/withdrawals/')
  }
})
