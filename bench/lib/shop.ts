import { chmodSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildIsCurrent, markBuilt, sourceFingerprint } from '../../scripts/lib/build-fingerprint'
import { freePort, startDatabase } from '../../scripts/lib/embedded-postgres'
import { prepareEnvironment, ROOT } from '../../scripts/lib/env'
import { bin, run, runForLastLine, startServer, stop, waitForHttp } from '../../scripts/lib/processes'

export const DEMO_CUSTOMER = { username: 'demo-kundin', password: 'bench-demo-customer-password' }

export type Shop = {
  baseUrl: string
  /** The process that handles the requests (scripts/serve.ts), for its memory. */
  pid: number
  /** The server's output (shown when a benchmark fails). */
  logFile: string
  stop: () => Promise<void>
}

/**
 * A throw-away shop for a benchmark, the same parts `npm test` uses: an embedded PostgreSQL in a
 * temporary folder, migrated and seeded with the demo content (the seed reuses its generated
 * audio from data/seed-cache), the production build (built first when the sources changed),
 * served by scripts/serve.ts on a free loopback port. Nothing of ./data is touched.
 */
export async function startShop(): Promise<Shop> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'))
  // As root, the postgres user must be able to enter the folder (not list it).
  if (process.getuid?.() === 0) chmodSync(scratch, 0o711)
  process.env.DATA_DIR = path.join(scratch, 'data')
  process.env.MEDIA_DIR = path.join(scratch, 'media')
  process.env.SEED_CACHE_DIR ||= path.join(ROOT, 'data', 'seed-cache')
  process.env.MAIL_OUTBOX_DIR = path.join(scratch, 'outbox')
  process.env.DEMO_CUSTOMER_PASSWORD = DEMO_CUSTOMER.password
  process.env.SEED_DEMO_CONTENT = 'true'
  delete process.env.DATABASE_URL
  delete process.env.PUBLIC_URL
  const port = String(await freePort())
  process.env.PORT = port
  prepareEnvironment()

  const database = await startDatabase(process.env.DATA_DIR)
  const baseUrl = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.url, HOST: '127.0.0.1', PUBLIC_URL: baseUrl }
  const logFile = path.join(scratch, 'server.log')
  const cleanUp = async () => {
    await database.stop()
    rmSync(scratch, { recursive: true, force: true })
  }
  try {
    console.log('Preparing a throw-away shop (database, demo content, production build) …')
    await runForLastLine(bin('tsx'), ['scripts/prepare-database.ts'], env)
    const fingerprint = sourceFingerprint()
    if (!buildIsCurrent(fingerprint)) {
      await run(bin('next'), ['build'], env)
      markBuilt(fingerprint)
    }
    const log = openSync(logFile, 'a')
    const server = startServer({ dev: false, env, stdio: ['ignore', log, log] })
    await waitForHttp(`${baseUrl}/api/csrf/`, 60000)
    return {
      baseUrl,
      pid: server.pid!,
      logFile,
      stop: async () => {
        await stop(server)
        await cleanUp()
      },
    }
  } catch (error) {
    await cleanUp()
    throw error
  }
}

/** The highest resident memory of a process since it started (Linux's VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return kb ? Number(kb) / 1024 : NaN
}

/** Ids of the demo content a benchmark visits: the first album, category and news article. */
export async function demoIds(baseUrl: string) {
  const list = async (path: string) => {
    const response = await fetch(baseUrl + path)
    if (!response.ok) throw new Error(`${path} answered ${response.status}`)
    return (await response.json()) as { id: number; slug?: string; form?: string }[]
  }
  const [groups, categories, news, useTypes] = await Promise.all([
    list('/api/music/music-groups/'),
    list('/api/music/categories/'),
    list('/music/news/'),
    list('/api/usetypes/'),
  ])
  const first = <T>(items: T[], what: string): T => {
    if (!items[0]) throw new Error(`The demo content has no ${what}.`)
    return items[0]
  }
  return {
    musicGroup: (groups.find((group) => group.form === 'album') ?? first(groups, 'album')).id,
    category: first(categories, 'category').id,
    news: first(news, 'news article').id,
    useType: first(useTypes, 'use type').slug!,
  }
}

/** Runs `work` against a fresh shop and always stops it; exits non-zero on failure. */
export async function withShop(work: (shop: Shop) => Promise<void>): Promise<void> {
  let shop: Shop | undefined
  let failed = false
  try {
    shop = await startShop()
    await work(shop)
  } catch (error) {
    failed = true
    console.error(error instanceof Error ? error.message : error)
    if (shop && existsSync(shop.logFile)) console.error(`The server's last lines:\n${readFileSync(shop.logFile, 'utf8').split('\n').slice(-30).join('\n')}`)
  } finally {
    await shop?.stop()
  }
  process.exit(failed ? 1 : 0)
}
