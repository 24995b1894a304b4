import { runSoak, SOAK_KINDS } from '../../bench/lib/soak'
import { startSeededShop } from './support/seeded-copy'
import { scratchFolder, type ShopProcess } from './support/shop'

/** The short form of `npm run bench:soak` (SOAK_SECONDS, default 60 here); the full 10 minutes is the benchmark's. */
const SECONDS = Number(process.env.SOAK_SECONDS || 60)
/** Paced: about 180 requests in the minute, each kind more than 10 (WEIGHTS in bench/lib/soak.ts). */
const REQUESTS_PER_SECOND = 3

describe('soak (short form of npm run bench:soak)', () => {
  const scratch = scratchFolder('soak')
  let seeded: Awaited<ReturnType<typeof startSeededShop>>
  let shop: ShopProcess

  beforeAll(async () => {
    // The soak's customer orders all along; the open-order limit would stop it after a few.
    seeded = await startSeededShop(scratch, { MAX_OPEN_UNPAID_ORDERS: '1000000' })
    shop = seeded.shop
  }, 180_000)

  afterAll(() => seeded?.stop())

  it(`browsing, listening in ranges, ordering and the seller's edits for ${SECONDS} s: not one unexpected answer`, async () => {
    const lines: string[] = []
    const report = await runSoak({
      baseUrl: shop.baseUrl,
      pid: shop.pid(),
      seconds: SECONDS,
      reportSeconds: Math.max(5, Math.floor(SECONDS / 4)),
      customer: { username: 'demo-kundin', password: process.env.DEMO_CUSTOMER_PASSWORD! },
      seller: { email: process.env.ADMIN_EMAIL!, password: process.env.ADMIN_PASSWORD! },
      report: (line) => lines.push(line),
      requestsPerSecond: REQUESTS_PER_SECOND,
    })
    const summary = SOAK_KINDS.map((kind) => `${kind} ${report.totals[kind].requests}/${report.totals[kind].errors} err/p99 ${report.totals[kind].p99Ms} ms`)
    console.log(
      `Soak ${SECONDS} s: ${summary.join(', ')}; memory ${report.rssMb.map(Math.round).join(' → ')} MB (${Math.round(report.memoryGrowth * 100)} %)\n${lines.join('\n')}`,
    )
    expect(report.errorSamples).toEqual([])
    for (const kind of SOAK_KINDS) expect({ kind, requests: report.totals[kind].requests > 10 }).toEqual({ kind, requests: true })
  }, 240_000)
})
