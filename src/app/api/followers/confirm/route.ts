import { sameOriginWrites } from '@/app/api/_adapters/write-guard'
import { confirmFollow } from '@/followers/follow'
import { answer, internalError } from '@/http/answer'
import { visitorLocale } from '@/http/content-locale'
import { isLocale } from '@/i18n/locales'
import { payloadClient } from '@/site/payload'
import { readFormOrJson, seeOther } from '../../_adapters/form-route'
import { followResultPage } from '../result'

/** POST /api/followers/confirm/ {token}: the button of the confirmation page (a mail scanner's GET of the link confirms nothing). */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const input = await readFormOrJson(request)
  if (!input.ok) return answer(input)
  const { fields, fromForm } = input.value
  try {
    const outcome = await confirmFollow(await payloadClient(), fields.token)
    const locale = outcome.ok ? outcome.value.locale : isLocale(fields.locale) ? fields.locale : visitorLocale(request)
    if (fromForm) return seeOther(followResultPage(outcome.ok ? 'confirmed' : 'invalid_token', locale))
    return outcome.ok ? Response.json({ detail: 'Your address is confirmed.' }, { headers: { 'Cache-Control': 'no-store' } }) : answer(outcome)
  } catch (error) {
    return internalError(error, 'POST /api/followers/confirm/')
  }
})
