/**
 * `npm run bench:soak`: the soak of issue 20 against a throw-away production shop
 * (bench/lib/shop.ts): mixed browsing, listening (Range), ordering and the seller's work for
 * SOAK_SECONDS (default 600), a report every minute (SOAK_REPORT_SECONDS) with requests, errors
 * and p99 per kind and the server's memory. Targets: no error, memory growth under 20 % from the
 * end of the first interval to the end.
 */
import { runSoak, SOAK_KINDS, SOAK_TARGETS } from './lib/soak'
import { DEMO_CUSTOMER, withShop } from './lib/shop'

const SECONDS = Number(process.env.SOAK_SECONDS || 600)
const REPORT_SECONDS = Number(process.env.SOAK_REPORT_SECONDS || Math.min(60, Math.max(5, Math.floor(SECONDS / 4))))
// The soak's customer orders all along; the open-order limit (a guard against one account
// flooding the seller) would stop it after a few orders.
process.env.MAX_OPEN_UNPAID_ORDERS = '1000000'
// The seller's login for the throw-away shop (created with it).
process.env.ADMIN_EMAIL ||= 'admin@example.com'
process.env.ADMIN_PASSWORD ||= 'bench-soak-admin-password'

await withShop(async ({ baseUrl, pid }) => {
  console.log(`Soak: ${SECONDS} s against ${baseUrl}, a report every ${REPORT_SECONDS} s`)
  const report = await runSoak({
    baseUrl,
    pid,
    seconds: SECONDS,
    reportSeconds: REPORT_SECONDS,
    customer: DEMO_CUSTOMER,
    seller: { email: process.env.ADMIN_EMAIL!, password: process.env.ADMIN_PASSWORD! },
    report: (line) => console.log(line),
  })
  const errors = SOAK_KINDS.reduce((sum, kind) => sum + report.totals[kind].errors, 0)
  for (const kind of SOAK_KINDS) {
    const { requests, errors: failed, p99Ms } = report.totals[kind]
    console.log(`${kind.padEnd(7)} ${String(requests).padStart(7)} requests, ${failed} errors, p99 ${p99Ms} ms`)
  }
  if (report.errorSamples.length) console.log(`First errors:\n  ${report.errorSamples.join('\n  ')}`)
  const growth = Math.round(report.memoryGrowth * 100)
  console.log(`Errors: ${errors} (target ${SOAK_TARGETS.errors}) ${errors === SOAK_TARGETS.errors ? 'ok' : 'MISSED'}`)
  console.log(
    `Memory: ${report.rssMb.map(Math.round).join(' → ')} MB, growth after the first interval ${growth} % (target under ${SOAK_TARGETS.memoryGrowth * 100} %) ${report.memoryGrowth < SOAK_TARGETS.memoryGrowth ? 'ok' : 'MISSED'}`,
  )
})
