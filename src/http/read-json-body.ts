import { type Outcome, refuse } from '@/site/outcome'
import { MAX_JSON_BYTES } from './body-limits'

/** Reads a request's JSON body, refusing oversize or malformed input (400) with a clear reason. */
export async function readJsonBody(request: Request): Promise<Outcome<unknown>> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_JSON_BYTES) return refuse(400, 'The request body is too large.')
  const text = await request.text()
  if (text.length > MAX_JSON_BYTES) return refuse(400, 'The request body is too large.')
  if (!text.trim()) return refuse(400, 'The request body is empty; expected JSON.')
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return refuse(400, 'The request body is not valid JSON.')
  }
}
