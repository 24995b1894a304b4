import { unsubscribeFollower } from '@/followers/follow'
import { answer, internalError } from '@/http/answer'
import { payloadClient } from '@/site/payload'
import { sameOriginWrites } from '../../_adapters/write-guard'
import { seeOther } from '../../_adapters/form-route'

/**
 * The URL of a follower mail's List-Unsubscribe header (RFC 8058). POST is the mail program's
 * one-click unsubscribe: sent by the mail provider's server, with neither a login nor a CSRF
 * token; the signed per-follower token in `?t=` is its whole authority, so the write guard lets
 * it in from any origin (docs/security.md). GET (a program that opens the link instead) shows the
 * unsubscribe page, which unsubscribes only with its button.
 */
export const POST = sameOriginWrites(async (request: Request): Promise<Response> => {
  try {
    const outcome = await unsubscribeFollower(await payloadClient(), new URL(request.url).searchParams.get('t'))
    return outcome.ok ? Response.json({ detail: 'You are unsubscribed.' }, { headers: { 'Cache-Control': 'no-store' } }) : answer(outcome)
  } catch (error) {
    return internalError(error, 'POST /api/followers/one-click/')
  }
})

export const GET = (request: Request): Response => seeOther(`/follow/unsubscribe?t=${encodeURIComponent(new URL(request.url).searchParams.get('t') ?? '')}`)
