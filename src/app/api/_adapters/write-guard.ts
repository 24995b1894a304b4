import { answer } from '@/http/answer'
import { requestSource } from '@/http/same-origin'
import { type Refusal, refuse } from '@/site/outcome'

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Payload's own REST API (the admin panel's calls): JSON, or multipart with `_payload`, from any of its forms. */
const PAYLOAD_API = /^\/api\/cms(\/|$)/

/** The one storefront call that takes a file. */
const TAKES_MULTIPART = /^\/api\/orders\/[^/]+\/upload-audio\/?$/

/** Calls without input (spec: "with an empty body"): logout, token refresh, confirming or paying an order, paying a purchase, revoking a gift link, asking for a new confirmation link. */
const TAKES_NO_BODY =
  /^\/api\/(accounts\/(logout|confirm-email\/resend)|auth\/refresh|orders\/[^/]+\/(confirm|pay|gift-links\/[^/]+\/revoke)|purchases\/[^/]+\/pay)\/?$/

/** The follow forms, the buy forms, the redeem form and the free download's form (issue 33), which work without JavaScript: a plain HTML form's body (still from the shop's own pages only). */
const TAKES_FORM = /^\/api\/(followers\/((confirm|unsubscribe)\/?)?|cart\/items\/?|download-codes\/redeem\/?|free-downloads\/?)$/

/**
 * RFC 8058's one-click unsubscribe: the mail provider's server posts `List-Unsubscribe=One-Click`
 * as a form, from no page of ours (a webmail in a browser may even send its own Origin). The
 * signed per-follower token in the URL is its only authority and all it can do is unsubscribe
 * that follower, so neither the origin nor a CSRF token is asked for.
 */
const ONE_CLICK_UNSUBSCRIBE = /^\/api\/followers\/one-click\/?$/

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

type RouteHandler<Context> = (request: Request, context: Context) => Response | Promise<Response>

/**
 * Wraps every writing route handler under /api/ (storefront and Payload's REST): refuses a
 * forged request with 403/415 and `{detail}` before the handler reads a byte of the body.
 * (Not in src/proxy.ts: Next buffers the whole body of every request its proxy sees, which would
 * truncate large uploads and undo the streaming body limits.)
 */
export function sameOriginWrites<Context>(handler: RouteHandler<Context>): RouteHandler<Context> {
  return (request, context) => {
    const refusal = writeRefusal(request.method, new URL(request.url).pathname, request.headers)
    return refusal ? answer(refusal) : handler(request, context)
  }
}

/**
 * Login CSRF and its kin: a page on another site can make the visitor's browser POST a form
 * (text/plain, x-www-form-urlencoded or multipart) with the visitor's cookies. So every write
 * under /api/ must come from the shop's own origin (Payload's REST included), and the storefront's
 * writes must carry the content type they take: a cross-site form cannot send application/json
 * without a CORS preflight, which the shop never grants. Returns null when the request may pass.
 */
export function writeRefusal(method: string, pathname: string, headers: Headers): Refusal | null {
  if (!WRITE_METHODS.has(method) || !pathname.startsWith('/api/')) return null
  if (ONE_CLICK_UNSUBSCRIBE.test(pathname))
    return FORM_TYPES.has(mediaTypeOf(headers)) || !hasBody(headers) ? null : refuse(415, 'Send List-Unsubscribe=One-Click as a form.')
  if (requestSource(headers) === 'foreign') {
    return refuse(403, 'This request must come from the shop’s own pages.')
  }
  if (PAYLOAD_API.test(pathname)) return null
  return contentTypeRefusal(pathname, headers)
}

const mediaTypeOf = (headers: Headers): string => (headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase()

function contentTypeRefusal(pathname: string, headers: Headers): Refusal | null {
  const mediaType = mediaTypeOf(headers)
  if (TAKES_MULTIPART.test(pathname)) {
    return mediaType === 'multipart/form-data' ? null : refuse(415, 'Send the recording as multipart/form-data.')
  }
  if (mediaType === 'application/json') return null
  if (TAKES_FORM.test(pathname) && FORM_TYPES.has(mediaType)) return null
  if (TAKES_NO_BODY.test(pathname) && mediaType === '' && !hasBody(headers)) return null
  return refuse(415, 'Send the request body as application/json.')
}

/** A body is announced by a non-zero Content-Length or by chunked transfer. */
const hasBody = (headers: Headers): boolean => Number(headers.get('content-length') ?? 0) > 0 || headers.has('transfer-encoding')
