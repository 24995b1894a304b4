import { jsonError } from '@/http/answer'
import { databaseBusyAnswer } from '@/http/outage'
import { DATABASE_CHECK_MS, databaseReachable } from '@/site/database-check'
import { poolRefusedSince } from '@/site/database-pool'
import { payloadClient } from '@/site/payload'

/**
 * GET /api/health/: 200 `{ status: "ok" }` when this instance reaches its database within
 * DATABASE_CHECK_MS, else 503 with a `detail` (and Retry-After when it was this instance's pool
 * that had no connection free). For a load balancer's health check and for operators; it says nothing else.
 */
export async function GET(): Promise<Response> {
  const startedAt = Date.now()
  const reachable = await payloadClient()
    .then(databaseReachable)
    .catch(() => false)
  if (reachable) return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
  if (poolRefusedSince(startedAt)) return databaseBusyAnswer()
  return jsonError(503, `The database cannot be reached (no answer within ${DATABASE_CHECK_MS / 1000} s).`)
}
