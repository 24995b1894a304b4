import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { forgetRateLimitHits } from '../support/rate-limits'

/**
 * Issue 28, 8: the test files run beside each other on one database, and several cleared every
 * rate-limit hit in their afterAll, undoing the counts of a limit test running at that moment.
 * Hits are forgotten only through tests/support/rate-limits.ts, and only those of named owners.
 */
const ROOT = process.cwd()
const HELPER = path.join(ROOT, 'tests', 'support', 'rate-limits.ts')

const testSources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return testSources(full)
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [full] : []
  })

/** A delete of rate-limit hits: SQL on the table, or Payload's delete / deleteMany on the collection. */
const DELETES_HITS = [/\b(DELETE\s+FROM|TRUNCATE(\s+TABLE)?)\s+"?rate_limit_hits\b/i, /\.(delete|deleteMany)\(\s*\{[^}]*collection:\s*['"]rate-limit-hits['"]/]

describe('forgetting rate-limit hits in the tests', () => {
  it('refuses to forget without owners (that would forget every hit of every test file)', async () => {
    await expect(forgetRateLimitHits({})).rejects.toThrow(/never all/)
    await expect(forgetRateLimitHits({ addresses: [], emails: [], accounts: [] })).rejects.toThrow(/never all/)
  })

  it('happens only in tests/support/rate-limits.ts', () => {
    const offenders = testSources(path.join(ROOT, 'tests'))
      .filter((file) => file !== HELPER && file !== path.join(ROOT, 'tests', 'unit', 'rate-limit-clearing.test.ts'))
      .filter((file) => DELETES_HITS.some((pattern) => pattern.test(readFileSync(file, 'utf8'))))
      .map((file) => path.relative(ROOT, file))
    expect(offenders).toEqual([])
  })

  it('recognises the deletes it looks for', () => {
    const planted = [
      "await client.query('DELETE FROM rate_limit_hits')",
      "await payload.db.deleteMany({ collection: 'rate-limit-hits', where: { limit_key: { exists: true } } })",
      "await payload.delete({ collection: 'rate-limit-hits', where: {} })",
      'await pool.query(`TRUNCATE rate_limit_hits`)',
    ]
    for (const source of planted) expect(DELETES_HITS.some((pattern) => pattern.test(source))).toBe(true)
    expect(DELETES_HITS.some((pattern) => pattern.test("await payload.create({ collection: 'rate-limit-hits', data: {} })"))).toBe(false)
  })
})
