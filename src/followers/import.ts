import type { Payload } from 'payload'
import { isLocale, type Locale } from '@/i18n/locales'
import { EMAIL_MAX_LENGTH, isEmailAddress } from '@/rules/email'
import { FOLLOWER_IMPORT_LIMITS } from '@/rules/followers'
import { type Outcome, refuse } from '@/site/outcome'
import { signUp } from './follow'

/*
 * The seller's import of existing subscribers (a CSV file: one address per line, optionally a
 * second column with the language, de or en; a header line is skipped). Imported addresses are
 * treated like sign-ups: each gets the confirmation mail and counts as a follower only once
 * confirmed (a list from elsewhere proves no consent to this shop's mails). A file with any
 * malformed row imports nothing and lists every such row.
 */

export type ImportProblem = { line: number; text: string; problem: string }
export type ImportSummary = { rows: number; mailed: number; unchanged: number }

const cells = (line: string): string[] =>
  line.split(/[,;\t]/).map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  )

/** Reads the file: the rows to import, or every malformed row. */
export function parseFollowerCsv(csv: string, fallbackLocale: Locale): { rows: { email: string; locale: Locale }[]; problems: ImportProblem[] } {
  const rows: { email: string; locale: Locale }[] = []
  const problems: ImportProblem[] = []
  const seen = new Set<string>()
  csv.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim()) return
    const [first = '', second = ''] = cells(line)
    if (index === 0 && /^e-?mail/i.test(first)) return
    const email = first.toLowerCase()
    if (email.length > EMAIL_MAX_LENGTH || !isEmailAddress(email))
      return void problems.push({ line: index + 1, text: line.slice(0, 200), problem: 'not an e-mail address' })
    if (second && !isLocale(second.toLowerCase()))
      return void problems.push({ line: index + 1, text: line.slice(0, 200), problem: 'the language must be de or en' })
    if (seen.has(email)) return
    seen.add(email)
    rows.push({ email, locale: second ? (second.toLowerCase() as Locale) : fallbackLocale })
  })
  return { rows, problems }
}

/** POST /api/cms/followers/import {csv, locale}: every row signed up (a confirmation mail each), or none. */
export async function importFollowers(payload: Payload, input: unknown): Promise<Outcome<ImportSummary>> {
  const { csv, locale } = (input ?? {}) as { csv?: unknown; locale?: unknown }
  if (typeof csv !== 'string' || csv.trim() === '')
    return refuse(400, 'Expected a JSON object with the CSV file as text in `csv`.', { code: 'invalid_request' })
  if (Buffer.byteLength(csv) > FOLLOWER_IMPORT_LIMITS.bytes) return refuse(413, `The file is larger than ${FOLLOWER_IMPORT_LIMITS.bytes / 1024} KB.`)
  const { rows, problems } = parseFollowerCsv(csv, isLocale(locale) ? locale : 'de')
  if (problems.length > 0) {
    return refuse(422, `${problems.length} rows are malformed; nothing was imported. Correct them and upload the file again.`, {
      code: 'malformed_rows',
      problems,
    })
  }
  if (rows.length > FOLLOWER_IMPORT_LIMITS.rows) return refuse(413, `At most ${FOLLOWER_IMPORT_LIMITS.rows} addresses per file.`)
  let mailed = 0
  for (const row of rows) if (await signUp(payload, { email: row.email, locale: row.locale, source: 'import' })) mailed += 1
  return { ok: true, value: { rows: rows.length, mailed, unchanged: rows.length - mailed } }
}
