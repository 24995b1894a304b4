import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Writable } from 'node:stream'
import pg from 'pg'
import { DATABASE_NAME, DatabaseStartError, embeddedClusterDir, startDatabase } from '../embedded-postgres'
import { dataDir } from '../env'
import { MEMBER } from './manifest'
import { BackupError } from './places'
import { streamTarMember } from './tar'

/** The shop's database for one backup or restore; `close()` stops the embedded server if this script started it. */
export type ShopDatabase = { url: string; where: string; close: () => Promise<void> }

/** The port of the embedded server running on `clusterDir` (the shop's, or another script's), from its postmaster.pid; null when none runs. */
function runningEmbeddedPort(clusterDir: string): number | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return null
  // postmaster.pid: the server's pid on the first line, its port on the fourth.
  const lines = readFileSync(pidFile, 'utf8').split('\n')
  const pid = Number.parseInt(lines[0] ?? '', 10)
  const port = Number.parseInt(lines[3] ?? '', 10)
  try {
    process.kill(pid, 0)
  } catch {
    return null
  }
  return Number.isInteger(port) ? port : null
}

/**
 * DATABASE_URL when set; otherwise the embedded database of DATA_DIR: the running one (the shop
 * may keep running during a backup), or started for this script and stopped again afterwards.
 * `whileRunning: 'refuse'` (restore) asks for the shop to be stopped first: a running shop would
 * keep serving its cached pages and catalog reads of the replaced data.
 */
export async function openShopDatabase(whileRunning: 'use' | 'refuse'): Promise<ShopDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, where: 'DATABASE_URL', close: async () => {} }
  try {
    const clusterDir = embeddedClusterDir(dataDir())
    const port = runningEmbeddedPort(clusterDir)
    if (port !== null) {
      if (whileRunning === 'refuse') {
        throw new BackupError(`The shop's embedded database in ${clusterDir} is running; stop the shop (Ctrl-C on npm start) and restore again.`)
      }
      const password = readFileSync(path.join(dataDir(), '.postgres-password'), 'utf8').trim()
      const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`
      return { url, where: `the running embedded database in ${clusterDir}`, close: async () => {} }
    }
    const database = await startDatabase(dataDir())
    return { url: database.url, where: `the embedded database in ${clusterDir}`, close: database.stop }
  } catch (error) {
    if (error instanceof DatabaseStartError) throw new BackupError(error.message)
    throw error
  }
}

/** Debian keeps each major version's client programs side by side here. */
const DEBIAN_POSTGRES = '/usr/lib/postgresql'

/**
 * pg_dump or pg_restore that fits a server of `major`: Debian's of that version, else the nearest
 * newer one (they read and write older servers); elsewhere the one on PATH.
 */
export function postgresProgram(name: 'pg_dump' | 'pg_restore', major: number): string {
  if (!existsSync(DEBIAN_POSTGRES)) return name
  const versions = readdirSync(DEBIAN_POSTGRES)
    .map(Number)
    .filter((version) => Number.isInteger(version) && existsSync(path.join(DEBIAN_POSTGRES, String(version), 'bin', name)))
    .sort((a, b) => a - b)
  const chosen = versions.includes(major) ? major : versions.find((version) => version > major)
  if (chosen === undefined) {
    throw new BackupError(
      `The database is PostgreSQL ${major}, and ${name} of that version or newer is needed (Debian: apt-get install postgresql-client-${major}).`,
    )
  }
  return path.join(DEBIAN_POSTGRES, String(chosen), 'bin', name)
}

/** The URL without its password for a program's command line (where `ps` shows it); the password goes in PGPASSWORD. */
function programConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { dbname: parsed.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } }
}

/** Runs pg_dump or pg_restore; `feed` writes its standard input. Rejects with the program's own words. */
function runProgram(program: string, args: string[], env: NodeJS.ProcessEnv, feed?: (stdin: Writable) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: [feed ? 'pipe' : 'ignore', 'ignore', 'pipe'] })
    let errors = ''
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    // A program that stops reading (an error) ends the feed with EPIPE; its own message says why.
    const fed = feed ? feed(child.stdin!).catch(() => {}) : Promise.resolve()
    child.on('error', reject)
    child.on('close', async (code) => {
      await fed
      if (code === 0) resolve()
      else reject(new BackupError(`${path.basename(program)} failed: ${errors.trim() || `exit ${code}`}`))
    })
  })
}

async function serverMajor(client: pg.Client): Promise<{ version: string; major: number }> {
  const { rows } = await client.query<{ version: string; number: string }>(
    "SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS number",
  )
  return { version: rows[0]!.version, major: Math.floor(Number(rows[0]!.number) / 10000) }
}

const USER_SCHEMAS = "schemaname NOT IN ('pg_catalog', 'information_schema') AND schemaname NOT LIKE 'pg\\_%'"

/** Rows per table (schema-qualified outside `public`). */
async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const { rows: tables } = await client.query<{ schemaname: string; tablename: string }>(
    `SELECT schemaname, tablename FROM pg_tables WHERE ${USER_SCHEMAS} ORDER BY schemaname, tablename`,
  )
  const counts: Record<string, number> = {}
  for (const { schemaname, tablename } of tables) {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*) AS count FROM ${client.escapeIdentifier(schemaname)}.${client.escapeIdentifier(tablename)}`,
    )
    counts[schemaname === 'public' ? tablename : `${schemaname}.${tablename}`] = Number(rows[0]!.count)
  }
  return counts
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * pg_dump --format=custom into `file`, with the rows of every table counted in the very snapshot
 * pg_dump reads (exported from our transaction), so the counts describe the dump exactly even
 * while the shop keeps taking orders.
 */
export function dumpDatabase(url: string, file: string): Promise<{ serverVersion: string; rows: Record<string, number> }> {
  return withClient(url, async (client) => {
    const { version, major } = await serverMajor(client)
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot')
    const counts = await countRows(client)
    const { dbname, env } = programConnection(url)
    await runProgram(postgresProgram('pg_dump', major), ['--format=custom', `--file=${file}`, `--snapshot=${rows[0]!.snapshot}`, `--dbname=${dbname}`], env)
    await client.query('COMMIT')
    return { serverVersion: version, rows: counts }
  })
}

/** How many tables, views and sequences the database holds outside PostgreSQL's own schemas (0: empty). */
export const databaseObjects = (url: string): Promise<number> =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*) AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND ${USER_SCHEMAS.replaceAll('schemaname', 'n.nspname')}`,
    )
    return Number(rows[0]!.count)
  })

/**
 * pg_restore of the archive's dump, streamed out of the archive, in one transaction (a failed
 * restore changes nothing); `replace` drops the objects the dump holds first. Owners and grants
 * are left out, so the dump fits another user's database. Returns the rows per table afterwards.
 */
export function restoreDatabase(url: string, archive: string, replace: boolean): Promise<Record<string, number>> {
  return withClient(url, async (client) => {
    const { major } = await serverMajor(client)
    const { dbname, env } = programConnection(url)
    const args = [
      `--dbname=${dbname}`,
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(replace ? ['--clean', '--if-exists'] : []),
    ]
    await runProgram(postgresProgram('pg_restore', major), args, env, (stdin) => streamTarMember(archive, MEMBER.database, stdin))
    return countRows(client)
  })
}
