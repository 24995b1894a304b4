/**
 * A copy of the freshly migrated and seeded test shop, kept by scripts/test.ts before any test
 * runs: a deployment test's own shop starts from a copy of it (a second) instead of migrating and
 * seeding again (about 25 s), unless it needs a PostgreSQL of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { postgresProgram } from '../../../scripts/lib/backup/database'
import { DEMO_CUSTOMER } from '../../../scripts/seed/demo-customer'
import { type PreparedLogins, shopEnvironment, startShop } from './shop'

const TEMPLATE = 'shop_seeded'

/** The server's maintenance database, on the same server as `databaseUrl`. */
const maintenanceUrl = (databaseUrl: string) => Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString()

async function onServer<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: maintenanceUrl(databaseUrl) })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Keeps the database (nobody may be connected to it now) and the media folder; returns the settings that find them. */
export async function keepSeededCopy(databaseUrl: string, mediaDir: string, copyOfMedia: string): Promise<Record<string, string>> {
  const database = new URL(databaseUrl).pathname.slice(1)
  await onServer(databaseUrl, (client) => client.query(`CREATE DATABASE ${TEMPLATE} TEMPLATE ${database}`))
  cpSync(mediaDir, copyOfMedia, { recursive: true })
  return { SEEDED_DATABASE_URL: Object.assign(new URL(databaseUrl), { pathname: `/${TEMPLATE}` }).toString(), SEEDED_MEDIA_DIR: copyOfMedia }
}

/** The seeded copy's database and media folder (kept by scripts/test.ts, which passes them on in the environment). */
function seededCopy(env: NodeJS.ProcessEnv): { databaseUrl: string; mediaDir: string } {
  const databaseUrl = env.SEEDED_DATABASE_URL
  const mediaDir = env.SEEDED_MEDIA_DIR
  if (!databaseUrl || !mediaDir) throw new Error('scripts/test.ts keeps the seeded copy; run the deployment tests through npm test.')
  return { databaseUrl, mediaDir }
}

const exited = (child: ChildProcess, name: string) =>
  new Promise<void>((resolve, reject) => {
    let errors = ''
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed: ${errors.trim() || `exit ${code}`}`))))
  })

/**
 * Fills the empty database at `databaseUrl`, on a PostgreSQL 15 server of a test's own (one it
 * stops, or Debian's), and `mediaDir` from the seeded copy: pg_dump piped into pg_restore takes
 * about two seconds where migrating and seeding again takes 25 and a seed's CPU. Returns the
 * logins prepareShopDatabase returns (the seller's are the test run's ADMIN_EMAIL and ADMIN_PASSWORD).
 */
export async function restoreSeededCopy(databaseUrl: string, mediaDir: string): Promise<PreparedLogins> {
  const seeded = seededCopy(process.env)
  const dump = spawn(postgresProgram('pg_dump', 15), ['--format=custom', `--dbname=${seeded.databaseUrl}`], { stdio: ['ignore', 'pipe', 'pipe'] })
  const restore = spawn(postgresProgram('pg_restore', 15), ['--no-owner', '--no-acl', '--exit-on-error', `--dbname=${databaseUrl}`], {
    stdio: ['pipe', 'ignore', 'pipe'],
  })
  dump.stdout!.pipe(restore.stdin!)
  await Promise.all([exited(dump, 'pg_dump'), exited(restore, 'pg_restore')])
  cpSync(seeded.mediaDir, mediaDir, { recursive: true })
  return { demoCustomer: { username: DEMO_CUSTOMER.username, password: process.env.DEMO_CUSTOMER_PASSWORD! } }
}

/**
 * A database of its own, copied from the seeded one, on the test run's PostgreSQL, and the seeded
 * media copied to `dir`/media (shopEnvironment's MEDIA_DIR). `drop()` removes the database.
 */
export async function seededShopDatabase(dir: string, env: NodeJS.ProcessEnv = process.env): Promise<{ url: string; drop: () => Promise<void> }> {
  const { databaseUrl: template, mediaDir } = seededCopy(env)
  const name = `shop_${randomBytes(4).toString('hex')}`
  await onServer(template, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`))
  cpSync(mediaDir, path.join(dir, 'media'), { recursive: true })
  return {
    url: Object.assign(new URL(template), { pathname: `/${name}` }).toString(),
    drop: () => onServer(template, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  }
}

/**
 * A deployment test's shop on a copy of the seeded database, in a scratch folder of its own:
 * `extra` settings on top of shopEnvironment's. `stop()` stops it, drops the copy and removes the folder.
 */
export async function startSeededShop(scratch: { dir: string; remove: () => void }, extra: Record<string, string | undefined> = {}) {
  const database = await seededShopDatabase(scratch.dir)
  const shop = await startShop(shopEnvironment(database.url, scratch.dir, extra))
  return {
    shop,
    databaseUrl: database.url,
    stop: async () => {
      await shop.stop()
      await database.drop()
      scratch.remove()
    },
  }
}
