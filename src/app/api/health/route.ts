import { jsonError } from '@/http/answer'
import { DATABASE_CHECK_MS } from '@/http/outage'
import { databaseReachable } from '@/site/database-check'
import { payloadClient } from '@/site/payload'

/**
 * GET /api/health/: 200 `{ status: "ok" }` when this instance reaches its database within
 * DATABASE_CHECK_MS, else 503 with a `detail`. For a load balancer's health check and for
 * operators; it says nothing else.
 */
export async function GET(): Promise<Response> {
  const reachable = await payloadClient()
    .then(databaseReachable)
    .catch(() => false)
  if (reachable) return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
  return jsonError(503, `The database cannot be reached (no answer within ${DATABASE_CHECK_MS / 1000} s).`)
}
