import { type PostgresAdapter, sql } from '@payloadcms/db-postgres'
import { jsonError } from '@/http/answer'
import { payloadClient } from '@/site/payload'

/** How long the database may take to answer before the instance counts as unhealthy. */
const DATABASE_CHECK_MS = 2000

/**
 * GET /api/health/: 200 `{ status: "ok" }` when this instance can reach its database, else 503
 * with a `detail`. For a load balancer's health check and for operators; it says nothing else.
 */
export async function GET(): Promise<Response> {
  try {
    const payload = await payloadClient()
    const check = (payload.db as unknown as PostgresAdapter).drizzle.execute(sql`select 1`)
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), DATABASE_CHECK_MS).unref())
    await Promise.race([check, timeout])
    return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
  } catch {
    return jsonError(503, 'The database cannot be reached.')
  }
}
