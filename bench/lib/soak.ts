/**
 * The soak (issue 20): a steady mix of what the shop's people do, for minutes on end, against one
 * running shop, counting every answer that is not the expected one and watching the server's
 * memory. Visitors browse pages and catalog calls, listeners fetch audio in byte ranges,
 * customers order, the seller edits the catalog and reads the orders. Used by `npm run bench:soak`
 * (10 minutes) and, shortened, by tests/deployment/soak.test.ts.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'

export const SOAK_KINDS = ['browse', 'listen', 'order', 'seller'] as const
export type SoakKind = (typeof SOAK_KINDS)[number]

/** How often each kind comes up among the soak's requests (per 20 picks). */
const WEIGHTS: Record<SoakKind, number> = { browse: 10, listen: 5, order: 3, seller: 2 }

/** Requests in flight at once: a handful of people, not a benchmark's crowd. */
const CONCURRENCY = 6

export type SoakOptions = {
  baseUrl: string
  /** The process that handles the requests, for its resident memory. */
  pid: number
  seconds: number
  /** Seconds between two reports (a minute in the real soak). */
  reportSeconds: number
  customer: { username: string; password: string }
  seller: { email: string; password: string }
  report: (line: string) => void
  /**
   * At most this many requests start per second across all workers; unset, each worker sends its
   * next request as soon as the last is answered. The test inside `npm test` paces itself: it
   * looks for errors and leaks, not for the most the server can do, and shares 2 cores with the
   * other tests.
   */
  requestsPerSecond?: number
}

type Interval = { requests: number; errors: number; latencies: number[] }
export type SoakReport = {
  /** Per kind over the whole soak. */
  totals: Record<SoakKind, { requests: number; errors: number; p99Ms: number }>
  /** The first few unexpected answers, to say what went wrong. */
  errorSamples: string[]
  /** Resident memory (MB) at each report. */
  rssMb: number[]
  /** Growth of resident memory from the first report to the last (the first interval warms up). */
  memoryGrowth: number
}

const residentMb = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024

const p99 = (values: number[]): number => {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!
}

type Step = () => Promise<{ status: number; expected: number[]; what: string }>

/** What a step needs to know about the shop, read once before the soak. */
async function prepare(options: SoakOptions) {
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(options.baseUrl + path, { redirect: 'manual', ...init })
    const text = await response.text()
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text.slice(0, 200)}`)
    return JSON.parse(text)
  }
  const json = { 'Content-Type': 'application/json' }
  const tracks: { id: number; audio: string | null }[] = await call('/api/music/tracks/')
  const groups: { id: number }[] = await call('/api/music/music-groups/')
  const news: { id: number }[] = await call('/music/news/')
  const customer = await call('/api/auth/', { method: 'POST', headers: json, body: JSON.stringify(options.customer) })
  const seller = await call('/api/cms/users/login', { method: 'POST', headers: json, body: JSON.stringify(options.seller) })
  const audio = tracks.map((track) => track.audio).filter((url): url is string => Boolean(url))
  if (!audio.length || !groups.length || !news.length) throw new Error('The shop has no demo catalog to soak.')
  return {
    audio,
    pages: ['/', '/music', `/music-group/${groups[0]!.id}`, '/news', `/news/${news[0]!.id}`, '/custom-songs'],
    calls: ['/api/music/tracks/', `/api/music/music-groups/${groups[0]!.id}/`, '/api/music/categories/', '/api/packages/'],
    customerHeaders: { ...json, Authorization: `Bearer ${customer.access as string}` },
    sellerHeaders: { ...json, Authorization: `JWT ${seller.token as string}` },
    newsId: news[0]!.id,
  }
}

function stepsOf(options: SoakOptions, shop: Awaited<ReturnType<typeof prepare>>): Record<SoakKind, Step> {
  let turn = 0
  const next = <T>(items: T[]): T => items[turn++ % items.length]!
  const statusOf = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(options.baseUrl + path, { redirect: 'manual', ...init })
    await response.arrayBuffer()
    return response.status
  }
  return {
    browse: async () => {
      const path = next([...shop.pages, ...shop.calls])
      return { status: await statusOf(path), expected: [200], what: `GET ${path}` }
    },
    listen: async () => {
      const url = next(shop.audio)
      // A player's ranges: the start, then somewhere in the middle (a seek).
      const start = turn % 2 === 0 ? 0 : 200_000 + (turn % 7) * 10_000
      const status = await statusOf(url, { headers: { Range: `bytes=${start}-${start + 65_535}` } })
      return { status, expected: [206], what: `GET ${url} (Range from ${start})` }
    },
    order: async () => {
      const status = await statusOf('/api/orders/', {
        method: 'POST',
        headers: { ...shop.customerHeaders, 'Idempotency-Key': randomUUID() },
        body: JSON.stringify({ package: 'soundtouch', theme: 'inner-peace', payment_method: 'prepayment', terms_accepted: true, early_start_consent: true }),
      })
      return { status, expected: [201], what: 'POST /api/orders/' }
    },
    seller: async () => {
      if (turn % 2 === 0) {
        const status = await statusOf('/api/cms/orders?limit=20&depth=0', { headers: shop.sellerHeaders })
        return { status, expected: [200], what: 'GET /api/cms/orders' }
      }
      // A small catalog change: every cached read and page must be made again afterwards.
      const status = await statusOf(`/api/cms/news/${shop.newsId}?locale=de`, {
        method: 'PATCH',
        headers: shop.sellerHeaders,
        body: JSON.stringify({ title: `Neuigkeit (Soak ${turn})` }),
      })
      return { status, expected: [200], what: `PATCH /api/cms/news/${shop.newsId}` }
    },
  }
}

/** Runs the soak and returns its figures; `report` gets one line per interval. */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const shop = await prepare(options)
  const steps = stepsOf(options, shop)
  const picks = SOAK_KINDS.flatMap((kind) => Array<SoakKind>(WEIGHTS[kind]).fill(kind))
  const fresh = (): Record<SoakKind, Interval> =>
    Object.fromEntries(SOAK_KINDS.map((kind) => [kind, { requests: 0, errors: 0, latencies: [] }])) as unknown as Record<SoakKind, Interval>
  const totals = fresh()
  let interval = fresh()
  const errorSamples: string[] = []
  const rssMb: number[] = []
  const started = Date.now()
  const ends = started + options.seconds * 1000
  let pick = 0
  let nextStart = started
  const waitForTurn = async () => {
    if (!options.requestsPerSecond) return
    const turn = Math.max(nextStart, Date.now())
    nextStart = turn + 1000 / options.requestsPerSecond
    if (turn > Date.now()) await new Promise((resolve) => setTimeout(resolve, turn - Date.now()))
  }

  const worker = async () => {
    while (Date.now() < ends) {
      await waitForTurn()
      if (Date.now() >= ends) break
      const kind = picks[pick++ % picks.length]!
      const begun = performance.now()
      let ok = false
      let what: string = kind
      try {
        const outcome = await steps[kind]()
        what = `${outcome.what} → ${outcome.status}`
        ok = outcome.expected.includes(outcome.status)
      } catch (error) {
        what = `${kind}: ${(error as Error).message}`
      }
      const ms = performance.now() - begun
      for (const counts of [totals[kind], interval[kind]]) {
        counts.requests += 1
        counts.latencies.push(ms)
        if (!ok) counts.errors += 1
      }
      if (!ok && errorSamples.length < 10) errorSamples.push(what)
    }
  }
  const reporter = setInterval(() => {
    const rss = residentMb(options.pid)
    rssMb.push(rss)
    const second = Math.round((Date.now() - started) / 1000)
    const kinds = SOAK_KINDS.map(
      (kind) => `${kind} ${interval[kind].requests} req/${interval[kind].errors} err/p99 ${Math.round(p99(interval[kind].latencies))} ms`,
    )
    options.report(`${second} s: ${kinds.join(', ')}; server memory ${Math.round(rss)} MB`)
    interval = fresh()
  }, options.reportSeconds * 1000)
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  } finally {
    clearInterval(reporter)
  }
  const first = rssMb[0] ?? residentMb(options.pid)
  const last = rssMb.at(-1) ?? first
  return {
    totals: Object.fromEntries(
      SOAK_KINDS.map((kind) => [kind, { requests: totals[kind].requests, errors: totals[kind].errors, p99Ms: Math.round(p99(totals[kind].latencies)) }]),
    ) as SoakReport['totals'],
    errorSamples,
    rssMb,
    memoryGrowth: (last - first) / first,
  }
}

/** The soak's targets (issue 20): no error at all, and memory growth under 20 % after the first interval. */
export const SOAK_TARGETS = { errors: 0, memoryGrowth: 0.2 }
