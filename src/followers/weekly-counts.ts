import { type PostgresAdapter, sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

export type FollowerWeek = { weekStart: string; confirmed: number; unsubscribed: number }

/**
 * The seller's dashboard: per calendar week (Monday, the database's time zone), how many sign-ups
 * were confirmed and how many followers unsubscribed, newest week first, the current one included.
 */
export async function followersPerWeek(payload: Payload, weeks = 8): Promise<FollowerWeek[]> {
  const { rows } = await (payload.db as unknown as PostgresAdapter).drizzle.execute(sql`
    select to_char(week, 'YYYY-MM-DD') as week_start,
           (select count(*) from followers where confirmed_at >= week and confirmed_at < week + interval '1 week')::int as confirmed,
           (select count(*) from followers where unsubscribed_at >= week and unsubscribed_at < week + interval '1 week')::int as unsubscribed
    from generate_series(date_trunc('week', now()) - make_interval(weeks => ${weeks - 1}), date_trunc('week', now()), interval '1 week') as week
    order by week desc`)
  return (rows as { week_start: string; confirmed: number; unsubscribed: number }[]).map((row) => ({
    weekStart: row.week_start,
    confirmed: row.confirmed,
    unsubscribed: row.unsubscribed,
  }))
}
