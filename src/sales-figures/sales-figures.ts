import { type PostgresAdapter, sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { PAID_STATUSES } from '../orders/status'
import { buyerCountryEvidence, EU_COUNTRIES, knownCountry, type OssThresholdState, ossThresholdState } from '../rules/digital-vat'

/*
 * The seller's dashboard in figures (issue 33): what she sold today and this month, commissions
 * beside catalog purchases, the albums and tracks of this month, and her cross-border EU sales of
 * downloads against the € 10,000 threshold. Read-only aggregate SQL, one query per box; days,
 * months and years begin at midnight in Germany. Sales are what was paid in the period and not
 * given back: a refunded purchase or commission counts nowhere, also not in the month it was paid.
 */

const SELLER_TIME_ZONE = 'Europe/Berlin'

/** Drizzle's SQL fragment (drizzle-orm is no direct dependency). */
type SQL = ReturnType<typeof sql>

const execute = async <Row>(payload: Payload, query: SQL): Promise<Row[]> =>
  (await (payload.db as unknown as PostgresAdapter).drizzle.execute(query)).rows as Row[]

/** The start of the German calendar `unit` (day, month, year) that `now` falls in, `shift` units later. */
const periodStart = (now: Date, unit: 'day' | 'month' | 'year', shift = 0): SQL =>
  sql`((date_trunc(${unit}, ${now.toISOString()}::timestamptz at time zone ${SELLER_TIME_ZONE}) + make_interval(${sql.raw(unit === 'day' ? 'days' : unit === 'month' ? 'months' : 'years')} => ${shift})) at time zone ${SELLER_TIME_ZONE})`

const list = (values: readonly string[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )

export type Takings = { count: number; grossCents: number }
export type PeriodSales = { commissions: Takings; purchases: Takings }
export type SoldItem = { kind: 'music-group' | 'track'; id: number | null; title: string; count: number; grossCents: number }
export type SalesFigures = { today: PeriodSales; month: PeriodSales; itemsThisMonth: SoldItem[] }

/** Today's and this month's paid commissions and purchases (count, gross sum), and this month's albums and tracks sold. */
export async function salesFigures(payload: Payload, now = new Date()): Promise<SalesFigures> {
  const dayStart = periodStart(now, 'day')
  const dayEnd = periodStart(now, 'day', 1)
  const monthStart = periodStart(now, 'month')
  const monthEnd = periodStart(now, 'month', 1)
  const [totals, items] = await Promise.all([
    execute<{ source: 'commissions' | 'purchases'; today_count: number; today_cents: number; month_count: number; month_cents: number }>(
      payload,
      sql`
      with sales as (
        select 'commissions' as source, paid_at, total from orders
        where status in (${list(PAID_STATUSES)}) and paid_at >= ${monthStart} and paid_at < ${monthEnd}
        union all
        select 'purchases', paid_at, total from purchases
        where status = 'paid' and paid_at >= ${monthStart} and paid_at < ${monthEnd}
      )
      select source,
             (count(*) filter (where paid_at >= ${dayStart} and paid_at < ${dayEnd}))::int as today_count,
             coalesce(round(sum(total) filter (where paid_at >= ${dayStart} and paid_at < ${dayEnd}) * 100), 0)::int as today_cents,
             count(*)::int as month_count,
             coalesce(round(sum(total) * 100), 0)::int as month_cents
      from sales group by source`,
    ),
    execute<{ kind: 'music-group' | 'track'; music_group_id: number | null; track_id: number | null; title: string; count: number; gross_cents: number }>(
      payload,
      sql`
      select line.kind, line.music_group_id, line.track_id, max(line.title) as title, count(*)::int as count,
             round(sum(line.amount) * 100)::int as gross_cents
      from purchases_lines line join purchases purchase on purchase.id = line._parent_id
      where purchase.status = 'paid' and purchase.paid_at >= ${monthStart} and purchase.paid_at < ${monthEnd}
        and line.kind in ('music-group', 'track')
      group by line.kind, line.music_group_id, line.track_id
      order by gross_cents desc, title`,
    ),
  ])
  const none: Takings = { count: 0, grossCents: 0 }
  const period = (pick: (row: (typeof totals)[number]) => Takings): PeriodSales => {
    const of = (source: 'commissions' | 'purchases') => {
      const row = totals.find((candidate) => candidate.source === source)
      return row ? pick(row) : none
    }
    return { commissions: of('commissions'), purchases: of('purchases') }
  }
  return {
    today: period((row) => ({ count: row.today_count, grossCents: row.today_cents })),
    month: period((row) => ({ count: row.month_count, grossCents: row.month_cents })),
    itemsThisMonth: items.map((row) => ({
      kind: row.kind,
      id: row.kind === 'music-group' ? row.music_group_id : row.track_id,
      title: row.title,
      count: row.count,
      grossCents: row.gross_cents,
    })),
  }
}

export type EuDistanceSales = {
  thisYear: number
  thisYearNetCents: number
  lastYearNetCents: number
  state: OssThresholdState
}

/**
 * This and last calendar year's net sums (amount less the VAT charged) of albums and tracks sold
 * to buyers in other member states: the figure the € 10,000 threshold is about. The buyer's
 * country is buyerCountryEvidence's: the billing address's, else the card's. Only this shop's
 * sales: what the seller sells elsewhere to EU consumers counts too, and is hers to add.
 */
export async function euDistanceSales(payload: Payload, now = new Date()): Promise<EuDistanceSales> {
  const otherMemberStates = EU_COUNTRIES.filter((country) => country !== 'DE')
  const rows = await execute<{ year: number; net_cents: number }>(
    payload,
    sql`
    select extract(year from purchase.paid_at at time zone ${SELLER_TIME_ZONE})::int as year,
           round(sum(line.amount - line.vat_amount) * 100)::int as net_cents
    from purchases purchase join purchases_lines line on line._parent_id = purchase.id
    where purchase.status = 'paid' and line.kind in ('music-group', 'track')
      and purchase.paid_at >= ${periodStart(now, 'year', -1)} and purchase.paid_at < ${periodStart(now, 'year', 1)}
      and upper(trim(coalesce(nullif(trim(purchase.billing_country), ''), purchase.card_country))) in (${list(otherMemberStates)})
    group by year`,
  )
  const thisYear = Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: SELLER_TIME_ZONE }).format(now))
  const netCentsOf = (year: number) => rows.find((row) => row.year === year)?.net_cents ?? 0
  const thisYearNetCents = netCentsOf(thisYear)
  const lastYearNetCents = netCentsOf(thisYear - 1)
  return { thisYear, thisYearNetCents, lastYearNetCents, state: ossThresholdState({ thisYearNetCents, lastYearNetCents }) }
}

export type ContradictingEvidence = { id: number; billingCountry: string; cardCountry: string; paidAt: string }

/** At most this many purchases with contradicting country evidence, newest first. */
const CONTRADICTIONS_SHOWN = 50

/** Paid purchases whose billing country and card country differ: the seller checks where the buyer lives. */
export async function contradictingCountryEvidence(payload: Payload): Promise<ContradictingEvidence[]> {
  const rows = await execute<{ id: number; billing_country: string; card_country: string; paid_at: string }>(
    payload,
    sql`
    select id, billing_country, card_country, paid_at from purchases
    where status = 'paid' and upper(trim(billing_country)) <> upper(trim(card_country))
    order by paid_at desc limit ${CONTRADICTIONS_SHOWN}`,
  )
  // The SQL finds differing texts; the evidence rule decides what contradicts (an unknown code does not).
  return rows
    .filter((row) => !buyerCountryEvidence({ billingCountry: row.billing_country, cardCountry: row.card_country }).consistent)
    .map((row) => ({
      id: row.id,
      billingCountry: knownCountry(row.billing_country)!,
      cardCountry: knownCountry(row.card_country)!,
      paidAt: new Date(row.paid_at).toISOString(),
    }))
}
