import type { Endpoint, PayloadRequest } from 'payload'
import { isAdminUser } from '../../../src/auth/roles'
import { downloadCodeBatches, exportDownloadCodeBatch, generateDownloadCodes, type GenerateRequest } from '../../../src/download-codes/codes'
import { answer } from '../../../src/http/answer'
import { refuse } from '../../../src/site/outcome'

/** The seller only: a visitor 401, a customer 403. */
const sellerRefusal = (req: PayloadRequest): Response | null => {
  if (!req.user) return answer(refuse(401, 'Log in as the seller.'))
  if (!isAdminUser(req.user)) return answer(refuse(403, 'Only the seller can manage download codes.'))
  return null
}

const query = (req: PayloadRequest) => Object.fromEntries(req.searchParams?.entries() ?? [])

/** POST /api/cms/download-codes/generate {kind, id, count, batch}: a batch of new codes for an album or track (201, the codes in the answer). */
export const generateDownloadCodesEndpoint: Endpoint = {
  path: '/generate',
  method: 'post',
  handler: async (req) => {
    const refused = sellerRefusal(req)
    if (refused) return refused
    const body: unknown = await req.json?.().catch(() => null)
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return answer(refuse(400, 'Expected a JSON object {kind, id, count, batch}.', { code: 'invalid_request' }))
    return answer(await generateDownloadCodes(req.payload, body as GenerateRequest), 201)
  },
}

/** GET /api/cms/download-codes/batches?kind=&id=: an album's or track's batches with how many were redeemed (the sidebar box). */
export const downloadCodeBatchesEndpoint: Endpoint = {
  path: '/batches',
  method: 'get',
  handler: async (req) => sellerRefusal(req) ?? answer(await downloadCodeBatches(req.payload, query(req))),
}

/** GET /api/cms/download-codes/export?batch=: the batch as a CSV file (Content-Disposition: attachment). */
export const exportDownloadCodesEndpoint: Endpoint = {
  path: '/export',
  method: 'get',
  handler: async (req) => {
    const refused = sellerRefusal(req)
    if (refused) return refused
    const exported = await exportDownloadCodeBatch(req.payload, query(req))
    if (!exported.ok) return answer(exported)
    return new Response(exported.value.csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exported.value.filename}"`,
        'Cache-Control': 'no-store',
      },
    })
  },
}
