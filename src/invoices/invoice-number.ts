import type { Payload, PayloadRequest } from 'payload'
import { sql, transactionDatabase } from '@/site/transaction'

/** The calendar year of a date in Germany, where the numbers are kept. */
const germanYear = (date: Date): number => Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Berlin' }).format(date))

/**
 * The next invoice number of the year ("2026-0001"), taken inside `req`'s transaction: the counter
 * row stays locked until that transaction ends, so concurrent payments queue up, and a rollback
 * gives the number back. One sequence for invoices and cancellation invoices: no gaps, no duplicates.
 */
export async function takeInvoiceNumber(payload: Payload, req: PayloadRequest, issuedAt: Date): Promise<string> {
  const year = germanYear(issuedAt)
  const database = await transactionDatabase(payload, req)
  const { rows } = await database.execute(sql`
    insert into invoice_counters (year, last) values (${year}, 1)
    on conflict (year) do update set last = invoice_counters.last + 1, updated_at = now()
    returning last`)
  const last = Number((rows[0] as { last: string | number }).last)
  return `${year}-${String(last).padStart(4, '0')}`
}
