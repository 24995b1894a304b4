import { MY_MUSIC_ROUTE } from '@/site/routes'
import { after } from 'next/server'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'
import { authenticate } from '@/auth/authenticate'
import { acceptFollowRequest, signUp } from '@/followers/follow'
import { FREE_DOWNLOAD_REQUESTED, requestFreeDownloadByEmail, takeFreeDownload } from '@/free-downloads/free-download'
import { answer, internalError } from '@/http/answer'
import { clientAddress } from '@/http/client-address'
import { visitorLocale } from '@/http/content-locale'
import { isLocale, type Locale } from '@/i18n/locales'
import { payloadClient } from '@/site/payload'
import { FREE_DOWNLOAD_ROUTES } from '@/site/routes'
import { readFormOrJson, seeOther } from '../_adapters/form-route'

/** "My music" in the account (issue 33), where a taken album or track is. */

/** The free download's page with a result (and the item again, to try once more). */
const resultPage = (locale: Locale, status: string, fields: Record<string, unknown>): string => {
  const item = status === 'requested' ? '' : `&kind=${encodeURIComponent(String(fields.kind ?? ''))}&id=${encodeURIComponent(String(fields.id ?? ''))}`
  return `${FREE_DOWNLOAD_ROUTES[locale]}?status=${encodeURIComponent(status)}${item}`
}

const ticked = (value: unknown) => value === true || value === 'on' || value === 'true'

/**
 * POST /api/free-downloads/ {kind, id, email?, follow?}: a free album or track (name-your-price
 * with minimum 0, src/free-downloads/). Logged in: into "My music" at once (JSON 200; the form:
 * redirect there). Otherwise by e-mail: a mail with the link to the download buttons (JSON 202;
 * the form: the page saying so); `follow` ticked also signs the address up for the fans' mails,
 * through the followers' own confirmation. Refusals: 400, 404 (not free), 429, with `detail`.
 */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const input = await readFormOrJson(request)
  if (!input.ok) return answer(input)
  const { fields, fromForm } = input.value
  const locale = isLocale(fields.locale) ? fields.locale : visitorLocale(request)
  try {
    const payload = await payloadClient()
    const user = await authenticate(payload, request.headers)
    if (user) {
      const taken = await takeFreeDownload(payload, user, fields, locale)
      if (fromForm) return seeOther(taken.ok ? MY_MUSIC_ROUTE : resultPage(locale, taken.code ?? 'invalid_request', fields))
      if (!taken.ok) return answer(taken)
      const { kind, id, title, formats } = taken.value.item
      return answer({ ok: true, value: { detail: 'It is in “My music” now.', kind, id, title, formats, libraryItem: taken.value.libraryItem } })
    }
    const requested = await requestFreeDownloadByEmail(payload, fields, locale, clientAddress(request))
    if (requested.ok && ticked(fields.follow)) {
      const follow = await acceptFollowRequest(payload, { email: requested.value.email, consent: true, locale, source: 'form' }, clientAddress(request))
      // As the follow form does: the sign-up after the answer (its time says nothing about the address).
      if (follow.ok) {
        const accepted = follow.value
        after(() =>
          signUp(payload, accepted).catch((error: unknown) => payload.logger.error({ err: error, msg: 'POST /api/free-downloads/: the sign-up failed' })),
        )
      }
    }
    if (fromForm) return seeOther(resultPage(locale, requested.ok ? 'requested' : (requested.code ?? 'invalid_request'), fields))
    return requested.ok ? Response.json({ detail: FREE_DOWNLOAD_REQUESTED }, { status: 202, headers: { 'Cache-Control': 'no-store' } }) : answer(requested)
  } catch (error) {
    return internalError(error, 'POST /api/free-downloads/')
  }
})
