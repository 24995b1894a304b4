import { MULTIPART_ALLOWANCE } from './body-limits'

type FormRefusal = { ok: false; status: 400 | 413; detail: string }
export type FormOutcome = { ok: true; value: FormData } | FormRefusal

const tooLarge = (maxBytes: number): FormRefusal => ({
  ok: false,
  status: 413,
  detail: `The upload is too large (at most ${Math.floor(maxBytes / (1024 * 1024))} MB).`,
})

/**
 * Parses a multipart/form-data body meant to carry one file of at most `maxBytes` (plus a little
 * room for the other parts). Refused at once when Content-Length announces more; a body sent
 * without it (chunked) is counted while it streams and cut off at the limit, so an oversize upload
 * never sits in memory as a whole.
 */
export async function readMultipartForm(request: Request, maxBytes: number): Promise<FormOutcome> {
  const limit = maxBytes + MULTIPART_ALLOWANCE
  if (Number(request.headers.get('content-length') ?? 0) > limit) return tooLarge(maxBytes)
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data;/i.test(contentType) || !request.body) {
    return { ok: false, status: 400, detail: 'Expected a multipart/form-data body with the field "file".' }
  }
  let received = 0
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength
        if (received > limit) controller.error(new Error('upload too large'))
        else controller.enqueue(chunk)
      },
    }),
  )
  try {
    return { ok: true, value: await new Response(counted, { headers: { 'content-type': contentType } }).formData() }
  } catch {
    if (received > limit) return tooLarge(maxBytes)
    return { ok: false, status: 400, detail: 'The multipart/form-data body is malformed.' }
  }
}
