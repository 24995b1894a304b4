/**
 * Request-body caps, enforced by our server (scripts/serve.ts) before Next or Payload read a byte,
 * and again by the readers in this folder. One table, so both layers agree.
 */
const KB = 1024
const MB = 1024 * KB

/** Storefront JSON calls (contact, orders, logins, registration). */
export const MAX_JSON_BYTES = 64 * KB
/** Room for the boundaries, part headers and small text fields around an uploaded file. */
export const MULTIPART_ALLOWANCE = 64 * KB
/** A customer's recording (POST /api/orders/{id}/upload-audio/). */
export const MAX_RECORDING_BYTES = 20 * MB
/** Payload REST writes (/api/cms/*) and the admin's server actions (Next's own default is 1 MB too). */
export const MAX_CMS_BYTES = 1 * MB
/** The seller's uploads to /api/cms/media and /api/cms/audio: lossless masters are large. */
export const maxUploadBytes = (): number => (Number(process.env.MAX_UPLOAD_MB) > 0 ? Number(process.env.MAX_UPLOAD_MB) : 200) * MB

export type BodyCap = { bytes: number; sellerUpload: boolean }

/**
 * The cap for one request. `isSeller` is asked only for the seller's upload collections, so an
 * anonymous caller or a customer never gets the large cap.
 */
export function bodyCapFor(method: string, pathname: string, isSeller: () => boolean): BodyCap {
  const path = pathname.replace(/\/+$/, '')
  if (/^\/api\/cms\/(media|audio)(\/[^/]+)?$/.test(path) && method !== 'GET' && method !== 'HEAD' && isSeller()) {
    return { bytes: maxUploadBytes() + MULTIPART_ALLOWANCE, sellerUpload: true }
  }
  if (/^\/api\/orders\/[^/]+\/upload-audio$/.test(path)) return { bytes: MAX_RECORDING_BYTES + MULTIPART_ALLOWANCE, sellerUpload: false }
  if (path === '/api/cms' || path.startsWith('/api/cms/') || path === '/admin' || path.startsWith('/admin/')) {
    return { bytes: MAX_CMS_BYTES + MULTIPART_ALLOWANCE, sellerUpload: false }
  }
  return { bytes: MAX_JSON_BYTES, sellerUpload: false }
}
