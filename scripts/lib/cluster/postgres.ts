/**
 * Debian's PostgreSQL 15 server (package postgresql-15) for the cluster: the external database of
 * a deployment, started here as its own server, not the embedded one. PostgreSQL refuses to run as
 * root, so as root initdb and postgres run as the OS user "postgres" (which the Debian package
 * creates), in a folder that user owns below one it can enter.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../free-port'

/** Where Debian's postgresql-15 package puts its programs. */
export const DEBIAN_POSTGRES_BIN = '/usr/lib/postgresql/15/bin'

/** The database and its owner the shop uses in the cluster. */
const DATABASE = 'shop'
const OWNER = 'shop'

export type PostgresServer = { url: string; host: string; port: number; database: string; user: string; password: string; stop: () => Promise<void> }

/** The OS user the servers run as: "postgres" when we are root, else ourselves. */
export function serviceUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g') }
}

/** A folder `folder` owned by the service user (mode 700), for data and configuration it alone reads. */
export function serviceFolder(folder: string): string {
  mkdirSync(path.dirname(folder), { recursive: true })
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  const user = serviceUser()
  if (user) chownSync(folder, user.uid, user.gid)
  return folder
}

/**
 * A new throw-away folder in the system's temporary folder, open to nobody else (0700): it holds
 * the database with its password hashes. As root it belongs to the service user, so the servers
 * running as that user can enter it; root enters it anyway.
 */
export function privateThrowAwayFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix))
  const user = serviceUser()
  if (user) chownSync(folder, user.uid, user.gid)
  return folder
}

/** A file only the service user reads (passwords, configuration). */
export function writeServiceFile(file: string, text: string): void {
  writeFileSync(file, text, { mode: 0o600 })
  const user = serviceUser()
  if (user) chownSync(file, user.uid, user.gid)
}

/** Spawns a server program as the service user; resolves once a line of its log says `ready`. */
export function spawnService(
  program: string,
  args: string[],
  { cwd, ready, log }: { cwd: string; ready: RegExp; log: (text: string) => void },
): Promise<ChildProcess> {
  const child = spawn(program, args, { cwd, ...serviceUser(), env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] })
  const stopOnExit = () => child.kill('SIGKILL')
  process.once('exit', stopOnExit)
  child.once('exit', () => process.removeListener('exit', stopOnExit))
  return new Promise((resolve, reject) => {
    let output = ''
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString()
      output += text
      log(text)
      if (ready.test(output)) resolve(child)
    }
    child.stdout!.on('data', onOutput)
    child.stderr!.on('data', onOutput)
    child.on('error', reject)
    child.on('exit', (code) => reject(new Error(`${path.basename(program)} ended (code ${code}) before it was ready: ${output.trim().slice(-2000)}`)))
  })
}

/** Stops a server with `signal` (postgres: SIGINT is its fast shutdown), killing it after 10 s. */
export async function stopService(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

/**
 * Initialises a cluster in `folder` (which the service user must be able to enter), starts it on a
 * free loopback port with password authentication, and creates the shop's database and owner.
 */
export async function startDebianPostgres(folder: string, log: (text: string) => void = () => {}): Promise<PostgresServer> {
  const dataDir = path.join(serviceFolder(folder), 'data')
  const superPassword = randomBytes(18).toString('base64url')
  const password = randomBytes(18).toString('base64url')
  const passwordFile = path.join(folder, 'superuser-password')
  writeServiceFile(passwordFile, `${superPassword}\n`)
  execFileSync(
    path.join(DEBIAN_POSTGRES_BIN, 'initdb'),
    [`--pgdata=${dataDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C.UTF-8'],
    { cwd: folder, ...serviceUser(), env: { ...process.env, LC_MESSAGES: 'C' }, stdio: 'ignore' },
  )
  const port = await freePort()
  const server = await spawnService(
    path.join(DEBIAN_POSTGRES_BIN, 'postgres'),
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    { cwd: folder, ready: /database system is ready to accept connections/, log },
  )
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: superPassword, database: 'postgres' })
  await admin.connect()
  try {
    await admin.query(`CREATE ROLE ${OWNER} LOGIN PASSWORD '${password}'`)
    await admin.query(`CREATE DATABASE ${DATABASE} OWNER ${OWNER}`)
  } finally {
    await admin.end()
  }
  return {
    url: `postgres://${OWNER}:${password}@127.0.0.1:${port}/${DATABASE}`,
    host: '127.0.0.1',
    port,
    database: DATABASE,
    user: OWNER,
    password,
    stop: () => stopService(server, 'SIGINT'),
  }
}
