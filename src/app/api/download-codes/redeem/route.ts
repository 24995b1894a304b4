import { MY_MUSIC_ROUTE } from '@/site/routes'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'
import { authenticate } from '@/auth/authenticate'
import { redeemDownloadCode } from '@/download-codes/redeem'
import { answer, internalError } from '@/http/answer'
import { clientAddress } from '@/http/client-address'
import { visitorLocale } from '@/http/content-locale'
import { isLocale, type Locale } from '@/i18n/locales'
import { isBusyLock } from '@/site/busy-lock'
import { payloadClient } from '@/site/payload'
import { REDEEM_ROUTES } from '@/site/routes'
import { readFormOrJson, seeOther } from '../../_adapters/form-route'

/** "My music" in the account (issue 33), where a redeemed code's music is. */

/** The redeem page again with the result and the code as typed (kept for the next try, or for after the login). */
const redeemPage = (locale: Locale, status: string, code: unknown): string => {
  const kept = typeof code === 'string' && code.length <= 40 ? `&code=${encodeURIComponent(code.trim())}` : ''
  return `${REDEEM_ROUTES[locale]}?status=${encodeURIComponent(status)}${kept}`
}

/**
 * POST /api/download-codes/redeem/ {code}: a logged-in customer redeems a download code
 * (src/download-codes/redeem.ts). JSON: 200 with the album or track, 400 malformed, 401 not logged
 * in, 404 unknown, 409 used, 429 too many tries, each with `detail`. The redeem page's plain form:
 * a redirect to "My music", or back to the page with the result (a visitor: with the login).
 */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const input = await readFormOrJson(request)
  if (!input.ok) return answer(input)
  const { fields, fromForm } = input.value
  const locale = isLocale(fields.locale) ? fields.locale : visitorLocale(request)
  try {
    const payload = await payloadClient()
    const user = await authenticate(payload, request.headers)
    if (!user) {
      if (fromForm) return seeOther(redeemPage(locale, 'login', fields.code))
      return answer({ ok: false, status: 401, detail: 'Please log in to redeem a code: it goes into your account’s “My music”.', code: 'login' })
    }
    const outcome = await redeemDownloadCode(payload, { customer: user, code: fields.code, clientAddress: clientAddress(request) })
    if (fromForm) return seeOther(outcome.ok ? MY_MUSIC_ROUTE : redeemPage(locale, outcome.code ?? 'invalid_request', fields.code))
    if (!outcome.ok) return answer(outcome)
    return answer({
      ok: true,
      value: { detail: 'The code is redeemed: the music is in “My music”.', ...outcome.value.item, libraryItem: outcome.value.libraryItem },
    })
  } catch (error) {
    if (fromForm && isBusyLock(error)) return seeOther(redeemPage(locale, 'busy', fields.code))
    return internalError(error, 'POST /api/download-codes/redeem/')
  }
})
