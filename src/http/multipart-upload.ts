import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import busboy from 'busboy'
import { UPLOAD_TMP_DIR } from '@/config/paths'
import { type Outcome, type Refusal, refuse } from '@/site/outcome'
import { MULTIPART_ALLOWANCE } from './body-limits'
import { diskWriteRefusal } from './outage'

/** The uploaded file, written to a temporary file of its own (mode 600) that `discard()` removes. */
export type ReceivedFile = { path: string; bytes: number }

export type ReceivedUpload = {
  file: ReceivedFile | null
  /** The text fields, first value of each name. */
  fields: Map<string, string>
  /** Names of file parts other than the expected one (skipped unread). */
  otherFiles: string[]
  /** Removes the temporary file; call it in every case once the file has been used. */
  discard: () => Promise<void>
}

/** The upload, or 400 (malformed), 413 (too large), 507 (the disk is full) or 503 (the folder cannot be written). */
export type UploadOutcome = Outcome<ReceivedUpload>

type UploadRules = {
  /** The form field that carries the file; other file fields are skipped unread. */
  fileField: string
  maxFileBytes: number
  /** The 413 answer for a file over maxFileBytes, in the caller's words. */
  fileTooLarge: string
}

const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024))
const malformed = refuse(400, 'The multipart/form-data body is malformed.')

/**
 * Receives a multipart/form-data body that carries one file, streaming the file straight into a
 * temporary file under data/tmp: the body is never held in memory, and the caller gets a path to
 * hand on (Payload copies the file from there). Answers 413 as soon as the file passes
 * `maxFileBytes` or the whole body passes it plus MULTIPART_ALLOWANCE (also when Content-Length
 * announces that), and then reads no further: our server (scripts/serve.ts) closes the connection
 * after the answer. A full or read-only disk under data/tmp is refused with 507 or 503
 * (src/http/outage.ts). The temporary file is removed on every refusal; on success by `discard()`.
 */
export async function receiveUpload(request: Request, rules: UploadRules): Promise<UploadOutcome> {
  const bodyLimit = rules.maxFileBytes + MULTIPART_ALLOWANCE
  const bodyTooLarge = refuse(413, `The upload is too large (at most ${megabytes(rules.maxFileBytes)} MB).`)
  if (Number(request.headers.get('content-length') ?? 0) > bodyLimit) return bodyTooLarge
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data;/i.test(contentType) || !request.body) {
    return refuse(400, `Expected a multipart/form-data body with the field "${rules.fileField}".`)
  }
  let parser: busboy.Busboy
  try {
    // One byte over the limit: busboy reports a file that reaches its limit, we refuse one that passes it.
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 2, fileSize: rules.maxFileBytes + 1, fieldSize: MULTIPART_ALLOWANCE, fields: 8, parts: 10 },
    })
  } catch {
    return malformed // e.g. no boundary in the Content-Type
  }

  const unwritable = await mkdir(UPLOAD_TMP_DIR, { recursive: true }).then(
    () => null,
    (error: unknown) => diskWriteRefusal(error) ?? Promise.reject(error),
  )
  if (unwritable) return unwritable
  const tempPath = path.join(UPLOAD_TMP_DIR, `upload-${randomUUID()}`)
  const discard = () => rm(tempPath, { force: true })
  const fields = new Map<string, string>()
  const otherFiles: string[] = []
  const state: { refusal: Refusal | null; sink: WriteStream | null; written: Promise<void> | null } = {
    refusal: null,
    sink: null,
    written: null,
  }
  // The first refusal decides; it ends the reading loop below.
  let onRefusal: () => void = () => {}
  const refused = new Promise<void>((resolve) => (onRefusal = resolve))
  const stopWith = (refusal: Refusal) => {
    state.refusal ??= refusal
    onRefusal()
  }

  parser.on('field', (name, value) => {
    if (!fields.has(name)) fields.set(name, value)
  })
  parser.on('file', (name, stream) => {
    if (name !== rules.fileField || state.sink) {
      if (name !== rules.fileField) otherFiles.push(name)
      return void stream.resume()
    }
    stream.on('limit', () => stopWith(refuse(413, rules.fileTooLarge)))
    state.sink = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 })
    state.written = pipeline(stream, state.sink)
    // A failed write of the temporary file is the disk's fault; any other failure the body's.
    state.written.catch((error: unknown) => stopWith(diskWriteRefusal(error) ?? malformed))
  })
  parser.on('error', () => stopWith(malformed))
  const parsed = once(parser, 'close').catch(() => undefined)

  const reader = request.body.getReader()
  let received = 0
  try {
    while (!state.refusal) {
      const next = await reader.read()
      if (next.done) {
        parser.end()
        break
      }
      received += next.value.byteLength
      if (received > bodyLimit) stopWith(bodyTooLarge)
      else if (!parser.write(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength))) {
        await Promise.race([once(parser, 'drain').catch(() => undefined), refused])
      }
    }
    await Promise.race([parsed, refused])
    if (state.written) await Promise.race([state.written.catch(() => undefined), refused])
  } catch {
    stopWith(malformed) // the client went away or the body broke off
  } finally {
    // Not cancelled: that would destroy the connection before the client reads our answer.
    reader.releaseLock()
  }

  if (state.refusal) {
    parser.destroy()
    // The file may still be opening: let it close first, so that removing it leaves nothing behind.
    const { sink } = state
    if (sink && !sink.closed) {
      const closed = once(sink, 'close').catch(() => undefined)
      sink.destroy()
      await closed
    }
    await discard()
    return state.refusal
  }
  const file = state.sink ? { path: tempPath, bytes: state.sink.bytesWritten } : null
  return { ok: true, value: { file, fields, otherFiles, discard } }
}
