/**
 * Shops of their own for the deployment tests (issue 20): a test file starts its own database and
 * shop processes from the build `npm test` made, so it can kill, stop and restart them without
 * touching the shop the other tests use. The Stripe stand-in stays the one scripts/test.ts started
 * (STRIPE_API_BASE); mails go to files unless a test passes an SMTP_URL.
 */
import type { ChildProcess } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Database, freePort, startDatabase } from '../../../scripts/lib/embedded-postgres'
import { bin, runForLastLine, startServer, stop, waitForHttp } from '../../../scripts/lib/processes'

/** A throw-away folder for one test file's data, media and database; `remove()` deletes it. */
export function scratchFolder(name: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `shop-${name}-`))
  // As root, the postgres user must be able to enter it (not list it).
  if (process.getuid?.() === 0) chmodSync(dir, 0o711)
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** A fresh embedded PostgreSQL under `dataDir` (never the DATABASE_URL of the shared test shop). */
export async function startEmbeddedDatabase(dataDir: string): Promise<Database> {
  const shared = process.env.DATABASE_URL
  delete process.env.DATABASE_URL
  try {
    return await startDatabase(dataDir)
  } finally {
    if (shared !== undefined) process.env.DATABASE_URL = shared
  }
}

/**
 * The environment of a shop on `databaseUrl` with its files under `dir`: everything else as the
 * shared test shop has it (secrets, the Stripe stand-in), `extra` on top.
 */
export function shopEnvironment(databaseUrl: string, dir: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dir, 'data'),
    MEDIA_DIR: path.join(dir, 'media'),
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
    // Mails become files in MAIL_OUTBOX_DIR, not mails at the shared catcher: these shops run beside
    // the shared one, and their order numbers overlap. A test that reads mails passes an SMTP_URL.
    SMTP_URL: '',
    SEED_DEMO_CONTENT: 'true',
    ...extra,
  }
}

/** What scripts/prepare-database.ts prints last: the logins it made (passwords only when it generated them). */
export type PreparedLogins = { demoCustomer: { username: string; password: string } | null }

/** Migrates and seeds the shop's database (scripts/prepare-database.ts); returns the logins it made. */
export async function prepareShopDatabase(env: NodeJS.ProcessEnv): Promise<PreparedLogins> {
  return JSON.parse(await runForLastLine(bin('tsx'), ['scripts/prepare-database.ts'], env)) as PreparedLogins
}

export type ShopProcess = {
  baseUrl: string
  port: number
  /** The process that handles the requests. */
  pid: () => number
  /** Sends a signal (SIGKILL for a crash) and waits until the process is gone. */
  kill: (signal: NodeJS.Signals) => Promise<void>
  /** Starts it again on the same port and environment; resolves when it answers. */
  restart: () => Promise<void>
  /** Stops it gracefully. */
  stop: () => Promise<void>
}

/** Starts one shop process (scripts/serve.ts, production build) with `env` on a free port, or `port`. */
export async function startShop(env: NodeJS.ProcessEnv, port?: number): Promise<ShopProcess> {
  const ownPort = port ?? (await freePort())
  const baseUrl = `http://127.0.0.1:${ownPort}`
  const ownEnv: NodeJS.ProcessEnv = {
    PUBLIC_URL: baseUrl,
    ...env,
    PORT: String(ownPort),
    HOST: '127.0.0.1',
    BASE_URL: baseUrl,
  }
  let child: ChildProcess
  const launch = async () => {
    child = startServer({ dev: false, env: ownEnv, stdio: ['ignore', 'inherit', 'inherit'] })
    await waitForHttp(`${baseUrl}/api/health/`, 90_000)
  }
  await launch()
  return {
    baseUrl,
    port: ownPort,
    pid: () => child.pid!,
    kill: (signal) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill(signal)
      }),
    restart: launch,
    stop: () => stop(child),
  }
}
