import { MAX_JSON_BYTES } from './body-limits'

export type JsonBody = { ok: true; value: unknown } | { ok: false; detail: string }

/** Reads a request's JSON body, refusing oversize or malformed input with a clear reason. */
export async function readJsonBody(request: Request): Promise<JsonBody> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_JSON_BYTES) return { ok: false, detail: 'The request body is too large.' }
  const text = await request.text()
  if (text.length > MAX_JSON_BYTES) return { ok: false, detail: 'The request body is too large.' }
  if (!text.trim()) return { ok: false, detail: 'The request body is empty; expected JSON.' }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false, detail: 'The request body is not valid JSON.' }
  }
}
