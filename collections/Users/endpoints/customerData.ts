import type { Endpoint, PayloadHandler } from 'payload'
import { isAdminUser } from '../../../src/auth/roles'
import { parseDocumentId } from '../../../src/http/document-id'
import { jsonError } from '../../../src/http/answer'
import { anonymiseCustomer } from '../../../src/gdpr/anonymise'
import { collectCustomerData } from '../../../src/gdpr/customer-data'
import { zipStream } from '../../../src/gdpr/zip-stream'

/** The seller's GDPR actions on a customer (under /api/cms/users): HTTP only, the work is in src/gdpr. */

/** Seller only: a customer's id from the route, or the refusal. */
function customerIdFrom(req: Parameters<PayloadHandler>[0]): number | Response {
  if (!req.user) return jsonError(401, 'Please log in.')
  if (!isAdminUser(req.user)) return jsonError(403, 'Only the seller may do this.')
  const id = parseDocumentId(String(req.routeParams?.id ?? ''))
  return id ?? jsonError(404, 'There is no such customer.')
}

/** GET /api/cms/users/{id}/export: a ZIP with data.json and the customer's files (GDPR access, Art. 15 and 20). */
const exportCustomerData: PayloadHandler = async (req) => {
  const id = customerIdFrom(req)
  if (id instanceof Response) return id
  const collected = await collectCustomerData(req.payload, id)
  if (!collected) return jsonError(404, 'There is no such customer.')
  const dataJson = { name: 'data.json', content: Buffer.from(JSON.stringify(collected.data, null, 2)) }
  const day = new Date().toISOString().slice(0, 10)
  return new Response(zipStream([dataJson, ...collected.files]), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="kunde-${id}-daten-${day}.zip"`,
      'Cache-Control': 'no-store',
    },
  })
}

/** POST /api/cms/users/{id}/anonymise: removes the customer's personal data beyond what the invoices need (src/gdpr/anonymise.ts). */
const anonymiseCustomerData: PayloadHandler = async (req) => {
  const id = customerIdFrom(req)
  if (id instanceof Response) return id
  const outcome = await anonymiseCustomer(req.payload, id)
  if (!outcome.ok) return jsonError(outcome.status, outcome.detail, { code: outcome.code, ...(outcome.orders ? { orders: outcome.orders } : {}) })
  return Response.json({ detail: "The customer's personal data are removed.", ...outcome.value }, { headers: { 'Cache-Control': 'no-store' } })
}

export const exportCustomerDataEndpoint: Endpoint = { path: '/:id/export', method: 'get', handler: exportCustomerData }

export const anonymiseCustomerEndpoint: Endpoint = { path: '/:id/anonymise', method: 'post', handler: anonymiseCustomerData }
