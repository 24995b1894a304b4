/**
 * Request-body caps, enforced by our server (scripts/serve.ts) before Next or Payload read a byte,
 * and again by the readers in this folder. One table, so both layers agree.
 */
import { RECORDING_LIMITS } from '@/rules/limits'

const KB = 1024
const MB = 1024 * KB

/** Storefront JSON calls (contact, orders, logins, registration). */
export const MAX_JSON_BYTES = 64 * KB
/** Room for the boundaries, part headers and small text fields around an uploaded file. */
export const MULTIPART_ALLOWANCE = 64 * KB
/** Payload REST writes (/api/cms/*) and the admin's server actions (Next's own default is 1 MB too). */
export const MAX_CMS_BYTES = 1 * MB
/** The seller's uploads to /api/cms/media and /api/cms/audio: lossless masters are large. */
export const maxUploadBytes = (): number => (Number(process.env.MAX_UPLOAD_MB) > 0 ? Number(process.env.MAX_UPLOAD_MB) : 200) * MB

/**
 * `streamed`: the body is passed on to its route as it arrives instead of being read first; the
 * route's reader counts it and answers 413 itself (Payload's upload limits, the recording upload's
 * reader), and our server only cuts a connection that goes STREAMED_SLACK past the cap.
 */
export type BodyCap = { bytes: number; streamed: boolean }

/** How far past its cap a streamed body may go before our server cuts the connection, so the route's own 413 comes first. */
export const STREAMED_SLACK = 1 * MB

/**
 * The cap for one request. `isSeller` is asked only for the seller's upload collections, so an
 * anonymous caller or a customer never gets the large cap.
 */
export function bodyCapFor(method: string, pathname: string, isSeller: () => boolean): BodyCap {
  const path = pathname.replace(/\/+$/, '')
  if (/^\/api\/cms\/(media|audio)(\/[^/]+)?$/.test(path) && method !== 'GET' && method !== 'HEAD' && isSeller()) {
    return { bytes: maxUploadBytes() + MULTIPART_ALLOWANCE, streamed: true }
  }
  if (/^\/api\/orders\/[^/]+\/upload-audio$/.test(path)) return { bytes: RECORDING_LIMITS.maxBytes + MULTIPART_ALLOWANCE, streamed: true }
  if (path === '/api/cms' || path.startsWith('/api/cms/') || path === '/admin' || path.startsWith('/admin/')) {
    return { bytes: MAX_CMS_BYTES + MULTIPART_ALLOWANCE, streamed: false }
  }
  return { bytes: MAX_JSON_BYTES, streamed: false }
}
