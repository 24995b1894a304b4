import { randomInt } from 'node:crypto'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload } from 'payload'
import type { DownloadCode } from '../../payload-types'
import { DOWNLOAD_CODE_ALPHABET, DOWNLOAD_CODE_BATCH, DOWNLOAD_CODE_LENGTH, formatDownloadCode } from '@/rules/download-codes'
import { type Outcome, refuse } from '@/site/outcome'
import { insideTransaction } from '@/site/outside-transactions'
import { sql, transactionDatabase } from '@/site/transaction'
import { type CatalogItem, catalogItemForCodes, parseCatalogItem } from './catalog-item'

/*
 * The seller's side of download codes: making a batch for an album or a track, the batches of
 * one, and a batch as CSV. Only the seller's endpoints (collections/DownloadCodes/endpoints) call these.
 */

/** A new code: 16 characters drawn uniformly from the alphabet by node:crypto (no modulo bias: randomInt). */
export const newDownloadCode = (): string =>
  Array.from({ length: DOWNLOAD_CODE_LENGTH }, () => DOWNLOAD_CODE_ALPHABET[randomInt(DOWNLOAD_CODE_ALPHABET.length)]).join('')

export type GenerateRequest = { kind: unknown; id: unknown; count: unknown; batch: unknown }
export type GeneratedBatch = { batch: string; kind: CatalogItem['kind']; id: number; title: string; count: number; codes: string[] }

/** The batch name as given (trimmed), or a refusal. */
function batchName(input: unknown): Outcome<string> {
  const name = typeof input === 'string' ? input.trim() : ''
  if (!name || name.length > DOWNLOAD_CODE_BATCH.nameMaxLength)
    return refuse(400, `batch must be a name of 1 to ${DOWNLOAD_CODE_BATCH.nameMaxLength} characters.`, { code: 'invalid_request', field: 'batch' })
  return { ok: true, value: name }
}

/**
 * POST /api/cms/download-codes/generate {kind, id, count, batch}: `count` (1–1000) new codes for
 * the album or track, in one short transaction (one statement per table; a code that happens to
 * exist already is drawn again). Each code gives the formats the item offers now.
 */
export async function generateDownloadCodes(payload: Payload, input: GenerateRequest): Promise<Outcome<GeneratedBatch>> {
  const item = parseCatalogItem(input.kind, input.id)
  if (!item.ok) return item
  const count = typeof input.count === 'number' ? input.count : typeof input.count === 'string' && /^\d{1,5}$/.test(input.count) ? Number(input.count) : NaN
  if (!Number.isInteger(count) || count < DOWNLOAD_CODE_BATCH.minCount || count > DOWNLOAD_CODE_BATCH.maxCount)
    return refuse(400, `count must be a whole number from ${DOWNLOAD_CODE_BATCH.minCount} to ${DOWNLOAD_CODE_BATCH.maxCount}.`, {
      code: 'invalid_request',
      field: 'count',
    })
  const batch = batchName(input.batch)
  if (!batch.ok) return batch
  const found = await catalogItemForCodes(payload, item.value)
  if (!found) return refuse(404, 'There is no such album or track.', { code: 'not_found', field: 'id' })

  const { kind, id } = item.value
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  try {
    const codes = await insideTransaction('making download codes', async () => {
      const database = await transactionDatabase(payload, req)
      const made: { id: number; code: string }[] = []
      while (made.length < count) {
        const drawn = Array.from({ length: count - made.length }, newDownloadCode)
        const { rows } = await database.execute(sql`
          insert into download_codes (code, batch, kind, music_group_id, track_id, updated_at, created_at)
          select drawn.code, ${batch.value}, ${kind}, ${kind === 'music-group' ? id : null}::integer, ${kind === 'track' ? id : null}::integer, now(), now()
          from unnest(array[${sql.join(
            drawn.map((code) => sql`${code}`),
            sql`, `,
          )}]::varchar[]) as drawn(code)
          on conflict (code) do nothing
          returning id, code`)
        made.push(...(rows as { id: number; code: string }[]))
      }
      if (found.formats.length > 0) {
        const formats = sql.join(
          found.formats.map((format) => sql`${format}`),
          sql`, `,
        )
        const ids = sql.join(
          made.map((row) => sql`${row.id}`),
          sql`, `,
        )
        await database.execute(sql`
          insert into download_codes_formats ("order", parent_id, value)
          select format.position, code.id, format.value::enum_download_codes_formats
          from unnest(array[${ids}]::integer[]) as code(id)
          cross join unnest(array[${formats}]::varchar[]) with ordinality as format(value, position)`)
      }
      return made.map((row) => row.code)
    })
    await commitTransaction(req)
    return { ok: true, value: { batch: batch.value, kind, id, title: found.title, count: codes.length, codes: codes.map(formatDownloadCode) } }
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}

export type BatchSummary = { batch: string; total: number; redeemed: number; createdAt: string }

/** GET /api/cms/download-codes/batches?kind=&id=: the batches of an album or track, newest first, with how many were redeemed. */
export async function downloadCodeBatches(payload: Payload, query: { kind?: unknown; id?: unknown }): Promise<Outcome<{ batches: BatchSummary[] }>> {
  const item = parseCatalogItem(query.kind, query.id)
  if (!item.ok) return item
  const column = item.value.kind === 'music-group' ? sql`music_group_id` : sql`track_id`
  const { rows } = await (payload.db as unknown as PostgresAdapter).drizzle.execute(sql`
    select batch, count(*)::int as total, count(redeemed_at)::int as redeemed, min(created_at) as created_at
    from download_codes where kind = ${item.value.kind} and ${column} = ${item.value.id}
    group by batch order by min(created_at) desc`)
  return {
    ok: true,
    value: {
      batches: (rows as { batch: string; total: number; redeemed: number; created_at: string | Date }[]).map((row) => ({
        batch: row.batch,
        total: row.total,
        redeemed: row.redeemed,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    },
  }
}

/** A CSV field: quoted when it holds a separator, quote or line break; a leading = + - @ defused (spreadsheet formulas). */
const csvField = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export type CsvExport = { filename: string; csv: string }

/**
 * GET /api/cms/download-codes/export?batch=: one batch as CSV (code, album or track, formats, made,
 * redeemed on), codes in groups of four, for printing or mail merge. Whose account a code went
 * into is not in it: the file travels (print shops, mail tools).
 */
export async function exportDownloadCodeBatch(payload: Payload, query: { batch?: unknown }): Promise<Outcome<CsvExport>> {
  const batch = batchName(query.batch)
  if (!batch.ok) return batch
  const { docs } = await payload.find({
    collection: 'download-codes',
    where: { batch: { equals: batch.value } },
    sort: 'createdAt',
    depth: 1,
    pagination: false,
    select: { code: true, kind: true, music_group: true, track: true, formats: true, redeemed_at: true, createdAt: true },
  })
  if (docs.length === 0) return refuse(404, 'There is no batch of that name.', { code: 'not_found', field: 'batch' })
  const titleOf = (code: Pick<DownloadCode, 'music_group' | 'track'>) => {
    const item = code.music_group ?? code.track
    return typeof item === 'object' && item ? item.title : ''
  }
  const lines = [
    ['code', 'item', 'kind', 'formats', 'created_at', 'redeemed_at'].join(','),
    ...docs.map((code) =>
      [formatDownloadCode(code.code), titleOf(code), code.kind, (code.formats ?? []).join(' '), code.createdAt, code.redeemed_at ?? ''].map(csvField).join(','),
    ),
  ]
  const filename = `download-codes-${batch.value.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'batch'}.csv`
  return { ok: true, value: { filename, csv: `${lines.join('\r\n')}\r\n` } }
}
