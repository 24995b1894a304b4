import type { Payload, TypedUser } from 'payload'
import { authenticate } from '@/auth/authenticate'
import { internalError, jsonError } from '@/http/answer'
import { payloadClient } from '@/site/payload'
import { sameOriginWrites } from './write-guard'

export type Caller = { payload: Payload; user: TypedUser }

type RouteContext<Params> = { params: Promise<Params> }

/**
 * A storefront call for logged-in customers (cookie `payload-token` or `Authorization: Bearer|JWT`):
 * 401 with `detail` for anyone else; an unreachable database 503, a crash is logged and answered 500 without details.
 */
export function customerRoute<Params extends Record<string, string> = Record<string, never>>(
  handle: (request: Request, caller: Caller, params: Params) => Promise<Response>,
) {
  return sameOriginWrites(async (request: Request, { params }: RouteContext<Params>): Promise<Response> => {
    try {
      const payload = await payloadClient()
      const user = await authenticate(payload, request.headers)
      if (!user) return jsonError(401, 'Please log in.')
      return await handle(request, { payload, user }, await params)
    } catch (error) {
      return internalError(error, `${request.method} ${new URL(request.url).pathname}`)
    }
  })
}
