/**
 * `npm run bench:cluster`: what two shop instances behind HAProxy serve compared with one, and
 * what PgBouncer in transaction mode costs, in the same run (scripts/lib/cluster: Debian's
 * PostgreSQL 15, throw-away folder, the production build, built first when the sources changed).
 *  1. Both instances connect directly: one instance alone vs the balancer over both, in
 *     alternating rounds.
 *  2. Instance b connects through PgBouncer: instance a (direct, cached catalog) vs instance b
 *     (through PgBouncer, where the catalog runs uncached), in alternating rounds.
 * Paths: /api/health/ (one database query per request: PgBouncer's own cost per query), a catalog
 * call and a catalog page. autocannon, 50 connections; BENCH_SECONDS (5) and BENCH_ROUNDS (3).
 */
import autocannon from 'autocannon'
import { rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildIsCurrent, markBuilt, sourceFingerprint } from '../scripts/lib/build-fingerprint'
import { type Cluster, startCluster } from '../scripts/lib/cluster/cluster'
import { privateThrowAwayFolder } from '../scripts/lib/cluster/postgres'
import { prepareEnvironment, ROOT } from '../scripts/lib/env'
import { bin, run } from '../scripts/lib/processes'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS || 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3)
const PATHS = ['/api/health/', '/api/music/tracks/', '/music']

type Totals = { requests: number; seconds: number; p99: number[]; errors: number }

async function measure(url: string, totals: Totals): Promise<void> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS })
  totals.requests += result.requests.total
  totals.seconds += result.duration
  totals.p99.push(result.latency.p99)
  totals.errors += result.errors + result.timeouts + result.non2xx
}

/** Each path against each target, the targets alternating round by round; one row per path and target. */
async function compare(targets: { label: string; url: string }[]): Promise<string[][]> {
  const rows: string[][] = []
  for (const urlPath of PATHS) {
    for (const { url } of targets) await fetch(url + urlPath).then((response) => response.arrayBuffer())
    const totals = targets.map(() => ({ requests: 0, seconds: 0, p99: [] as number[], errors: 0 }))
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, { url }] of targets.entries()) await measure(url + urlPath, totals[index]!)
    }
    const rate = (one: Totals) => one.requests / one.seconds
    for (const [index, { label }] of targets.entries()) {
      const one = totals[index]!
      rows.push([
        urlPath,
        label,
        rate(one).toFixed(0),
        (one.p99.reduce((sum, value) => sum + value, 0) / one.p99.length).toFixed(0),
        String(one.errors),
        index === 0 ? '' : `${(rate(one) / rate(totals[0]!)).toFixed(2)}×`,
      ])
    }
  }
  return rows
}

function print(title: string, rows: string[][]): void {
  const all = [['path', 'target', 'req/s', 'p99 ms', 'errors', 'vs first'], ...rows]
  const widths = all[0]!.map((_, column) => Math.max(...all.map((cells) => cells[column]!.length)))
  console.log(`\n${title}`)
  for (const cells of all) console.log(cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '))
}

async function withCluster(throughPgbouncer: string[], work: (cluster: Cluster) => Promise<void>): Promise<void> {
  const dir = privateThrowAwayFolder('shop-bench-cluster-')
  let cluster: Cluster | undefined
  try {
    process.env.DATA_DIR = path.join(dir, 'data')
    process.env.SEED_CACHE_DIR ||= path.join(ROOT, 'data', 'seed-cache')
    delete process.env.DATABASE_URL
    delete process.env.PUBLIC_URL
    prepareEnvironment()
    const { PUBLIC_URL: _ownPort, ...env } = process.env
    console.log(`Starting two instances behind HAProxy${throughPgbouncer.length ? `, instance ${throughPgbouncer.join(', ')} through PgBouncer` : ''} …`)
    cluster = await startCluster({ dir, env: { ...env, SEED_DEMO_CONTENT: 'true' }, throughPgbouncer, output: 'ignore' })
    await work(cluster)
  } finally {
    await cluster?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

const fingerprint = sourceFingerprint()
if (!buildIsCurrent(fingerprint)) {
  await run(bin('next'), ['build'], process.env)
  markBuilt(fingerprint)
}
console.log(`${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s, anonymous visitor, on ${os.cpus().length} cores.`)
await withCluster([], async (cluster) => {
  const [a] = cluster.instances
  print(
    'Two instances behind HAProxy vs one instance alone (both connect to PostgreSQL directly):',
    await compare([
      { label: 'one instance', url: a!.url },
      { label: 'HAProxy, two', url: cluster.url },
    ]),
  )
})
await withCluster(['b'], async (cluster) => {
  const [a, b] = cluster.instances
  print(
    'What PgBouncer (transaction mode) costs: instance a direct vs instance b through PgBouncer (catalog uncached):',
    await compare([
      { label: 'direct', url: a!.url },
      { label: 'PgBouncer', url: b!.url },
    ]),
  )
})
process.exit(0)
