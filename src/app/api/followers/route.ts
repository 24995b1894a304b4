import { sameOriginWrites } from '@/app/api/_adapters/write-guard'
import { authenticate } from '@/auth/authenticate'
import { after } from 'next/server'
import { acceptFollowRequest, FOLLOW_REQUESTED, signUp } from '@/followers/follow'
import { answer, internalError } from '@/http/answer'
import { clientAddress } from '@/http/client-address'
import { visitorLocale } from '@/http/content-locale'
import { isLocale } from '@/i18n/locales'
import { payloadClient } from '@/site/payload'
import { readFormOrJson, seeOther } from '../_adapters/form-route'
import { followResultPage } from './result'

/**
 * POST /api/followers/: a sign-up (double opt-in). The follow form (email, consent, locale), or a
 * logged-in customer's one click (`account`) or the checkout's box (JSON `{ consent: true, source:
 * "checkout" }`), which sign up the account's address. A form is answered with a redirect to the
 * result page, JSON with 202 and the same sentence for every address, before the address is
 * looked at (Next's after()).
 */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const input = await readFormOrJson(request)
  if (!input.ok) return answer(input)
  const { fields, fromForm } = input.value
  const locale = isLocale(fields.locale) ? fields.locale : visitorLocale(request)
  try {
    const payload = await payloadClient()
    const forAccount = fields.account !== undefined || fields.source === 'checkout'
    const user = forAccount ? await authenticate(payload, request.headers) : null
    if (forAccount && !user) return fromForm ? seeOther('/login') : answer({ ok: false, status: 401, detail: 'Please log in.' })
    const outcome = await acceptFollowRequest(
      payload,
      {
        email: user ? user.email : fields.email,
        // The account's button is the consent box: its text stands beside it.
        consent: fields.account !== undefined ? true : fields.consent,
        locale,
        source: user ? (fields.source === 'checkout' ? 'checkout' : 'account') : 'form',
        user: user ? Number(user.id) : null,
      },
      clientAddress(request),
    )
    // The row and the mail after the answer: its time says nothing about the address (no enumeration).
    if (outcome.ok) {
      const accepted = outcome.value
      after(() => signUp(payload, accepted).catch((error: unknown) => payload.logger.error({ err: error, msg: 'POST /api/followers/: the sign-up failed' })))
    }
    if (fromForm) return seeOther(followResultPage(outcome.ok ? 'requested' : (outcome.code ?? 'invalid_request'), locale))
    return outcome.ok ? Response.json({ detail: FOLLOW_REQUESTED }, { status: 202, headers: { 'Cache-Control': 'no-store' } }) : answer(outcome)
  } catch (error) {
    return internalError(error, 'POST /api/followers/')
  }
})
