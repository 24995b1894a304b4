/**
 * `npm run bench:api`: the catalog calls and the catalog pages under a crowd (autocannon, 50
 * connections on loopback) against a throw-away production shop (bench/lib/shop.ts).
 *
 * A shared 2-core machine gives different absolute figures from minute to minute, so every
 * target is measured in alternating rounds against references measured right next to it, in the
 * same run: a constant JSON route of the same server (/api/csrf/, the ceiling: Next's own cost
 * per request) and, for the catalog calls, Payload's REST API reading the same data. The ratios
 * are what the targets are about. BENCH_SECONDS (default 5) and BENCH_ROUNDS (default 3) set the
 * length of one measurement and the number of rounds.
 */
import autocannon from 'autocannon'
import { demoIds, peakRssMb, withShop } from './lib/shop'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS || 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3)
const CEILING = '/api/csrf/'

/** Targets of issue 11. */
const TARGETS = {
  catalogVsCeiling: 0.6,
  catalogVsRest: 3,
  catalogP99VsCeiling: 2,
  pageVsCeiling: 0.3,
  peakRssMb: 600,
}

type Measurement = { requests: number; seconds: number; p50: number; p99: number; errors: number }

async function measure(url: string): Promise<Measurement> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS })
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/** Several rounds of one path, summed: req/s over all rounds, mean p50 and p99. */
type Series = { path: string; rounds: Measurement[] }
const rate = ({ rounds }: Series) => rounds.reduce((sum, m) => sum + m.requests, 0) / rounds.reduce((sum, m) => sum + m.seconds, 0)
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
const p50 = ({ rounds }: Series) => mean(rounds.map((m) => m.p50))
const p99 = ({ rounds }: Series) => mean(rounds.map((m) => m.p99))
const errors = ({ rounds }: Series) => rounds.reduce((sum, m) => sum + m.errors, 0)

/** Alternates the paths round by round (A B C, A B C …) so that each sees the same machine. */
async function alternate(baseUrl: string, paths: string[]): Promise<Series[]> {
  const series = paths.map((path) => ({ path, rounds: [] as Measurement[] }))
  for (let round = 0; round < ROUNDS; round++) {
    for (const one of series) one.rounds.push(await measure(baseUrl + one.path))
  }
  return series
}

/** Every path answers 200 before it is measured (and its first, slower answer is out of the way). */
async function warmUp(baseUrl: string, paths: string[]) {
  for (const path of paths) {
    for (let i = 0; i < 20; i++) {
      const response = await fetch(baseUrl + path)
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
    }
  }
}

const fixed = (value: number, digits = 0) => value.toFixed(digits)
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')

await withShop(async ({ baseUrl, pid }) => {
  const ids = await demoIds(baseUrl)
  const rest = (path: string) => `/api/cms/${path}${path.includes('?') ? '&' : '?'}locale=de`
  const catalog = [
    { path: '/api/music/tracks/', rest: rest('tracks?depth=1&pagination=false&sort=title&select[title]=true&select[cover]=true&select[audio]=true') },
    {
      path: `/api/music/music-groups/${ids.musicGroup}/`,
      rest: rest(`music-groups/${ids.musicGroup}?depth=2&populate[tracks][title]=true&populate[tracks][cover]=true&populate[tracks][audio]=true`),
    },
    { path: '/api/music/categories/', rest: rest('categories?depth=1&pagination=false&sort=_order&joins[tracks][count]=true&joins[tracks][limit]=1') },
    { path: '/api/packages/', rest: rest('packages?depth=1&pagination=false&sort=_order') },
    { path: '/music/news/', rest: rest('news?depth=1&pagination=false&sort=-date') },
  ]
  const pages = ['/', '/music', `/music-group/${ids.musicGroup}`, `/news/${ids.news}`]
  await warmUp(baseUrl, [CEILING, ...catalog.flatMap(({ path, rest }) => [path, rest]), ...pages])

  console.log(`\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s per comparison, German content, anonymous visitor.\n`)
  const rows: string[][] = [['path', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs ceiling', 'vs Payload REST', 'p99 vs ceiling', 'targets', 'peak RSS MB']]
  let allMet = true
  // The server's peak memory so far is shown after each comparison, to see which one raised it.
  const row = (series: Series, cells: { label?: string; ceiling?: Series; rest?: Series; page?: boolean }) => {
    const { ceiling, rest } = cells
    const vsCeiling = ceiling ? rate(series) / rate(ceiling) : NaN
    const vsRest = rest ? rate(series) / rate(rest) : NaN
    const p99VsCeiling = ceiling ? p99(series) / Math.max(p99(ceiling), 1) : NaN
    const checks =
      cells.page === undefined
        ? []
        : cells.page
          ? [vsCeiling >= TARGETS.pageVsCeiling]
          : [vsCeiling >= TARGETS.catalogVsCeiling, vsRest >= TARGETS.catalogVsRest, p99VsCeiling <= TARGETS.catalogP99VsCeiling]
    if (cells.page !== undefined) checks.push(errors(series) === 0)
    const met = checks.every(Boolean)
    if (cells.page !== undefined) allMet &&= met
    rows.push([
      cells.label ?? series.path,
      fixed(rate(series)),
      fixed(p50(series)),
      fixed(p99(series)),
      String(errors(series)),
      ceiling ? `${fixed(vsCeiling, 2)}×` : '',
      rest ? `${fixed(vsRest, 1)}×` : '',
      ceiling && cells.page === false ? `${fixed(p99VsCeiling, 2)}×` : '',
      cells.page === undefined ? '' : verdict(met),
      cells.page === undefined ? '' : fixed(peakRssMb(pid)),
    ])
  }

  for (const { path, rest } of catalog) {
    process.stdout.write(`measuring ${path} …\n`)
    const [ceiling, target, payloadRest] = await alternate(baseUrl, [CEILING, path, rest])
    row(target!, { ceiling, rest: payloadRest, page: false })
    row(ceiling!, { label: `  ceiling ${CEILING}` })
    row(payloadRest!, { label: '  Payload REST, same data' })
  }
  for (const path of pages) {
    process.stdout.write(`measuring ${path} …\n`)
    const [ceiling, target] = await alternate(baseUrl, [CEILING, path])
    row(target!, { ceiling, page: true })
    row(ceiling!, { label: `  ceiling ${CEILING}` })
  }

  const peak = peakRssMb(pid)
  const memoryMet = peak < TARGETS.peakRssMb
  allMet &&= memoryMet
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)))
  console.log('')
  for (const cells of rows) console.log(cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '))
  console.log(`\nServer peak RSS (VmHWM over the whole run): ${fixed(peak)} MB (target < ${TARGETS.peakRssMb} MB: ${verdict(memoryMet)})`)
  console.log(
    `Targets: catalog ≥ ${TARGETS.catalogVsCeiling}× ceiling, ≥ ${TARGETS.catalogVsRest}× Payload REST, p99 ≤ ${TARGETS.catalogP99VsCeiling}× ceiling's; pages ≥ ${TARGETS.pageVsCeiling}× ceiling; no errors.`,
  )
  console.log(allMet ? 'All targets met.' : 'Some targets were MISSED.')
})
