import { MAX_JSON_BYTES } from '@/http/body-limits'
import { readJsonBody } from '@/http/read-json-body'
import { type Outcome, refuse } from '@/site/outcome'

/**
 * The follow forms work without JavaScript: a plain HTML form posts
 * application/x-www-form-urlencoded (the write guard lets these routes take it, still from the
 * shop's own pages only), the route answers with a redirect to a result page. Pages that send
 * JSON (the checkout) get JSON back.
 */
export type FormInput = { fields: Record<string, unknown>; fromForm: boolean }

const isFormBody = (request: Request) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test((request.headers.get('content-type') ?? '').trim())

/** The fields of a form post or a JSON object; 400 for anything else. */
export async function readFormOrJson(request: Request): Promise<Outcome<FormInput>> {
  if (!isFormBody(request)) {
    const body = await readJsonBody(request)
    if (!body.ok) return body
    if (!body.value || typeof body.value !== 'object' || Array.isArray(body.value)) return refuse(400, 'Expected a JSON object.', { code: 'invalid_request' })
    return { ok: true, value: { fields: body.value as Record<string, unknown>, fromForm: false } }
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_JSON_BYTES) return refuse(400, 'The request body is too large.')
  try {
    const form = await request.formData()
    const fields: Record<string, unknown> = {}
    for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value
    return { ok: true, value: { fields, fromForm: true } }
  } catch {
    return refuse(400, 'The form could not be read.', { code: 'invalid_request' })
  }
}

/** 303 See Other: the browser loads the result page with GET (a reload does not post again). */
export const seeOther = (location: string): Response => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } })
