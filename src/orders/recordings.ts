import { randomBytes } from 'node:crypto'
import { fileTypeFromFile } from 'file-type'
import { FileUploadError, type Payload, type PayloadRequest, type TypedUser, ValidationError, type Where } from 'payload'
import type { Audio } from '../../payload-types'
import { diskRefusalFor } from '@/http/outage'
import { ORDER_LIMITS, RECORDING_LIMITS } from '@/rules/limits'
import type { ReceivedUpload, UploadOutcome } from '@/http/multipart-upload'
import { fileStore } from '@/storage/file-store'
import { STORAGE_AREAS } from '@/storage/areas'
import { customerLimits } from './customer-limits'
import { withCustomerLocked } from '@/site/transaction'
import { findOwnOrder, noSuchOrder } from './own-order'
import { type Outcome, refuse } from '@/site/outcome'
import { recordingCount, serializeUpload } from './serialize'
import { idOf } from '@/site/relation-id'

/**
 * What a recording may really be, by its bytes (the browser's name and type are not trusted):
 * the file-type extension → the content type stored and served. The browser records WebM with
 * Opus, which sniffs as video/webm; it has no video track, so it is stored as audio/webm.
 */
const RECORDING_FORMATS: Record<string, string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
}

/** A checked recording: its temporary file (removed by the caller) and what to store it as. */
type Recording = { path: string; bytes: number; extension: string; contentType: string; description: string }

/** The 413 answer for a recording over RECORDING_LIMITS.maxBytes. */
export const RECORDING_TOO_LARGE = `The recording is too large (at most ${RECORDING_LIMITS.maxBytes / (1024 * 1024)} MB).`

/** The file and description of an upload form, checked for size, text length and real content (its first bytes). */
async function readRecording({ file, fields, otherFiles }: ReceivedUpload): Promise<Outcome<Recording>> {
  if (otherFiles.includes('description')) return refuse(400, 'The description must be text.')
  if (!file) return refuse(400, 'Please attach the recording as the form field "file".')
  if (file.bytes === 0) return refuse(400, 'The recording is empty.')
  if (file.bytes > RECORDING_LIMITS.maxBytes) return refuse(413, RECORDING_TOO_LARGE)
  const description = fields.get('description') ?? ''
  // PostgreSQL cannot store NUL; other control characters have no place in one line of text.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(description)) {
    return refuse(400, 'The description contains control characters.')
  }
  if (description.trim().length > ORDER_LIMITS.uploadDescription) {
    return refuse(400, `The description is too long (at most ${ORDER_LIMITS.uploadDescription} characters).`)
  }
  const sniffed = await fileTypeFromFile(file.path)
  const contentType = sniffed && RECORDING_FORMATS[sniffed.ext]
  if (!sniffed || !contentType) {
    return refuse(415, 'The file is not an audio recording (WebM, Ogg, Opus, WAV, MP3, M4A or AAC).')
  }
  return { ok: true, value: { path: file.path, bytes: file.bytes, extension: sniffed.ext, contentType, description: description.trim() } }
}

/**
 * Refuses a recording of `addedBytes` that would take the customer's recordings, across all orders,
 * past their storage allowance. `stored` (the new recording's own document, once it exists) is not
 * counted twice; a recording of a parallel upload that is still on its way counts.
 */
async function overStorageAllowance(payload: Payload, customer: TypedUser, addedBytes: number, req?: PayloadRequest, stored?: number) {
  const { recordingBytes } = customerLimits()
  const mine: Where[] = [{ owner: { equals: customer.id } }, { purpose: { equals: 'recording' } }]
  const { docs } = await payload.find({
    collection: 'audio',
    where: { and: stored === undefined ? mine : [...mine, { id: { not_equals: stored } }] },
    select: { filesize: true },
    depth: 0,
    pagination: false,
    user: customer,
    overrideAccess: false,
    req,
  })
  const earlier = docs.reduce((sum, doc) => sum + (doc.filesize ?? 0), 0)
  if (earlier + addedBytes <= recordingBytes) return null
  const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024))
  return refuse(413, `Your recordings would take more than the ${megabytes(recordingBytes)} MB your account may store (${megabytes(earlier)} MB used).`)
}

const tooManyRecordings = () => refuse(409, `This order already has ${RECORDING_LIMITS.perOrder} recordings; no more can be added.`)

/** Lets the customer create an Audio document of purpose "recording" (collections/access/recordingThroughShop.ts); a fresh object per call, since hooks may add to a request's context. */
const recordingUpload = () => ({ recordingUpload: true })

/**
 * Attaches a customer's voice recording to their own order (POST /api/orders/{id}/upload-audio/),
 * for packages that include one, at most RECORDING_LIMITS.perOrder per order. The order is
 * checked before the body is read, so a refused upload is never parsed. The file becomes an Audio
 * document of purpose "recording" owned by the customer, so only they and the seller can hear it.
 *
 * Store, then attach: the file goes to the media folder or the bucket first, with no lock and no
 * transaction held (an upload to S3 may take seconds); then a short transaction under the
 * customer's lock checks the order and the limits again and attaches it. A recording that is
 * refused there, or whose attaching fails, is deleted again, its file with it.
 */
export async function attachRecording(
  payload: Payload,
  customer: TypedUser,
  orderId: number | null,
  receive: () => Promise<UploadOutcome>,
): Promise<Outcome<ReturnType<typeof serializeUpload>>> {
  const order = orderId === null ? null : await findOwnOrder(payload, customer, orderId)
  if (!order) return noSuchOrder()
  const { docs: packages } = await payload.find({
    collection: 'packages',
    where: { slug: { equals: order.package } },
    limit: 1,
    depth: 0,
    user: customer,
    overrideAccess: false,
  })
  if (!packages[0]?.allows_recording) return refuse(400, `The package "${order.package}" does not include a voice recording.`)
  if (recordingCount(order) >= RECORDING_LIMITS.perOrder) return tooManyRecordings()

  const upload = await receive()
  if (!upload.ok) return upload
  try {
    const recording = await readRecording(upload.value)
    if (!recording.ok) return recording
    const overAllowance = await overStorageAllowance(payload, customer, recording.value.bytes)
    if (overAllowance) return overAllowance
    const stored = await storeRecording(payload, customer, order.id, recording.value)
    if (!stored.ok) return stored
    return await attachUnderLock(payload, customer, order.id, stored.value, recording.value)
  } finally {
    await upload.value.discard()
  }
}

type StoredRecording = Audio

/**
 * Creates the Audio document of the recording, which stores its file (Payload copies it from its
 * temporary path into the media folder, or the S3 plugin uploads it), outside any transaction.
 */
async function storeRecording(
  payload: Payload,
  customer: TypedUser,
  orderId: number,
  { path: filePath, bytes, extension, contentType }: Recording,
): Promise<Outcome<StoredRecording>> {
  try {
    const audio = await payload.create({
      collection: 'audio',
      data: { title: `Sprachaufnahme zu Bestellung ${orderId}`, purpose: 'recording', owner: customer.id },
      // Payload copies the file from its temporary path (nothing read into memory). The browser
      // always sends "audio-recording.webm". A name of its own: parallel uploads, no longer one
      // after the other under the lock, would all be given the same "next free" name by Payload.
      file: {
        data: Buffer.alloc(0),
        tempFilePath: filePath,
        mimetype: contentType,
        name: `recording-order-${orderId}-${randomBytes(6).toString('hex')}.${extension}`,
        size: bytes,
      },
      depth: 0,
      user: customer,
      overrideAccess: false,
      context: recordingUpload(),
      // No connection held while the file is written or sent to the bucket; the document is one insert.
      disableTransaction: true,
    })
    return { ok: true, value: audio }
  } catch (error) {
    // Payload checks the content once more (e.g. the structure of an M4A file).
    if (error instanceof ValidationError) return refuse(415, 'The file is not a readable audio recording.')
    // Payload reports a failed copy into the media folder without its cause: a full or read-only disk is asked directly (507/503).
    if (error instanceof FileUploadError && fileStore().kind === 'local') {
      const refusal = await diskRefusalFor(STORAGE_AREAS.audio.dir, bytes)
      if (refusal) return refusal
    }
    throw error
  }
}

/**
 * Under the customer's lock and the order's row lock: reads the order again (another upload may
 * have been attached meanwhile), checks that it is still the customer's and the limits, and appends
 * the stored recording to its uploads. Unless that is committed, the recording is deleted again.
 */
async function attachUnderLock(payload: Payload, customer: TypedUser, orderId: number, audio: StoredRecording, { bytes, description }: Recording) {
  let attached = false
  try {
    const outcome = await withCustomerLocked(
      payload,
      customer,
      { orderId },
      recordingUpload(),
      async (req): Promise<Outcome<ReturnType<typeof serializeUpload>>> => {
        const current = await findOwnOrder(payload, customer, orderId, req)
        if (!current) return noSuchOrder()
        if (recordingCount(current) >= RECORDING_LIMITS.perOrder) return tooManyRecordings()
        const overAllowance = await overStorageAllowance(payload, customer, bytes, req, audio.id)
        if (overAllowance) return overAllowance
        const rows = (current.uploads ?? []).map((row) => ({
          id: row.id,
          audio: idOf(row.audio),
          description: row.description,
        }))
        await payload.update({
          collection: 'orders',
          id: current.id,
          data: { uploads: [...rows, { audio: audio.id, description }] },
          depth: 0,
          user: customer,
          overrideAccess: false,
          req,
        })
        return { ok: true, value: serializeUpload(audio, description) }
      },
    )
    attached = outcome.ok
    return outcome
  } finally {
    if (!attached) await removeRecording(payload, audio.id)
  }
}

/**
 * Deletes a recording that was stored but not attached, with its file (Payload's own delete, which
 * removes it from the media folder or the bucket). The customer may not delete files: the server does,
 * for the one document it just made for them. Outside any transaction, like the storing.
 */
async function removeRecording(payload: Payload, id: number) {
  try {
    await payload.delete({ collection: 'audio', id, overrideAccess: true, disableTransaction: true })
  } catch (error) {
    console.error(`Removing the unattached recording ${id} failed; its document and file stay until the seller deletes them:`, error)
  }
}
