import { after } from 'next/server'
import { acceptResetRequest, RESET_REQUESTED } from '@/auth/password-reset'
import { mailResetLink } from '@/mail/account-mails'
import { clientAddress } from '@/http/client-address'
import { visitorLocale } from '@/http/content-locale'
import { answer, internalError } from '@/http/answer'
import { readJsonBody } from '@/http/read-json-body'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'
import { payloadClient } from '@/site/payload'

/**
 * POST /api/accounts/password-reset/ {email}: 202 with the same neutral detail whether or not the
 * address has an account, and in the same time: the account is looked up, and its link made and
 * mailed, only after the answer has gone (Next's after()).
 */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer({ ...body, code: 'invalid_request' })
  try {
    const payload = await payloadClient()
    const outcome = await acceptResetRequest(payload, body.value, clientAddress(request))
    if (!outcome.ok) return answer(outcome)
    const { email } = outcome.value
    const locale = visitorLocale(request)
    after(() =>
      mailResetLink(payload, email, locale).catch((error: unknown) =>
        payload.logger.error({ err: error, msg: 'POST /api/accounts/password-reset/: the reset link could not be queued' }),
      ),
    )
    return Response.json({ detail: RESET_REQUESTED }, { status: 202, headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return internalError(error, 'POST /api/accounts/password-reset/')
  }
})
