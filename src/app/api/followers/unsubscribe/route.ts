import { sameOriginWrites } from '@/app/api/_adapters/write-guard'
import { unsubscribeFollower } from '@/followers/follow'
import { answer, internalError } from '@/http/answer'
import { visitorLocale } from '@/http/content-locale'
import { payloadClient } from '@/site/payload'
import { readFormOrJson, seeOther } from '../../_adapters/form-route'
import { followResultPage } from '../result'

/** POST /api/followers/unsubscribe/ {t}: the button of the unsubscribe page (the follower's signed token, no login). */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  const input = await readFormOrJson(request)
  if (!input.ok) return answer(input)
  const { fields, fromForm } = input.value
  try {
    const outcome = await unsubscribeFollower(await payloadClient(), fields.t)
    if (fromForm)
      return seeOther(followResultPage(outcome.ok ? 'unsubscribed' : 'invalid_unsubscribe', outcome.ok ? outcome.value.locale : visitorLocale(request)))
    return outcome.ok ? Response.json({ detail: 'You are unsubscribed.' }, { headers: { 'Cache-Control': 'no-store' } }) : answer(outcome)
  } catch (error) {
    return internalError(error, 'POST /api/followers/unsubscribe/')
  }
})
