/**
 * The system programs `npm test` needs beyond Node and npm, in one list: scripts/test.ts checks
 * them before it builds or starts anything, and CI gets them the same way (.ci/run runs npm test
 * as root). As root on Debian or Ubuntu the missing ones are installed with apt-get; anywhere else
 * the run stops at once, naming each missing program and the one command that installs them. A
 * lane is never left out because a program is missing: the whole run fails instead.
 */
import { type SpawnSyncOptions, spawnSync } from 'node:child_process'
import { accessSync, constants, existsSync } from 'node:fs'
import path from 'node:path'
import { HAPROXY } from './cluster/haproxy'
import { PGBOUNCER } from './cluster/pgbouncer'
import { DEBIAN_POSTGRES_BIN } from './cluster/postgres'

/** The parts of `npm test` (scripts/test.ts): Jest's tests on the shared shop, the browser tests, the deployment tests. */
export type Lane = 'jest' | 'e2e' | 'deployment'

type Environment = Record<string, string | undefined>

type Prerequisite = {
  /** What the message names: the file looked for, or the program's name when it is found on PATH. */
  program: (env: Environment) => string
  /** Debian's package that brings it. */
  debianPackage: string
  /** What needs it. */
  why: string
  lanes: Lane[]
  present: (env: Environment, isExecutable: (file: string) => boolean) => boolean
}

const onPath = (name: string, env: Environment, isExecutable: (file: string) => boolean) =>
  (env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => isExecutable(path.join(dir, name)))

/** A program the code runs from a fixed place (or the place a variable names). */
const atPath = (file: (env: Environment) => string, debianPackage: string, why: string, lanes: Lane[]): Prerequisite => ({
  program: file,
  debianPackage,
  why,
  lanes,
  present: (env, isExecutable) => isExecutable(file(env)),
})

export const PREREQUISITES: Prerequisite[] = [
  atPath(
    (env) => env.E2E_CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
    'chromium-headless-shell',
    "the browser tests' Chromium (playwright.config.ts; E2E_CHROMIUM_PATH names another)",
    ['e2e'],
  ),
  {
    program: (env) => env.FFMPEG_PATH || 'ffmpeg',
    debianPackage: 'ffmpeg',
    why: "the system ffmpeg, the shop's audio tool the tests check first (without it, FFmpeg as WebAssembly is checked alone), and the cluster test's counted ffmpeg",
    lanes: ['jest', 'deployment'],
    present: (env, isExecutable) => (env.FFMPEG_PATH ? isExecutable(env.FFMPEG_PATH) : onPath('ffmpeg', env, isExecutable)),
  },
  atPath(() => path.join(DEBIAN_POSTGRES_BIN, 'postgres'), 'postgresql-15', "Debian's PostgreSQL 15 server for the cluster and backup tests", ['deployment']),
  atPath(
    () => path.join(DEBIAN_POSTGRES_BIN, 'pg_dump'),
    'postgresql-client-15',
    "pg_dump and pg_restore of PostgreSQL 15 (npm run backup, the deployment tests' copies of the seeded shop)",
    ['deployment'],
  ),
  atPath(() => PGBOUNCER, 'pgbouncer', 'PgBouncer, the pooler of the cluster tests', ['deployment']),
  atPath(() => HAPROXY, 'haproxy', 'HAProxy, the balancer of the cluster tests', ['deployment']),
]

const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

export type Missing = { program: string; debianPackage: string; why: string; lanes: Lane[] }

/** What the given lanes need and this machine (as `env` and `isExecutable` see it) lacks. */
export function missingPrerequisites(lanes: Lane[], env: Environment = process.env, isExecutable = executable): Missing[] {
  return PREREQUISITES.filter((needed) => needed.lanes.some((lane) => lanes.includes(lane)) && !needed.present(env, isExecutable)).map((needed) => ({
    program: needed.program(env),
    debianPackage: needed.debianPackage,
    why: needed.why,
    lanes: needed.lanes.filter((lane) => lanes.includes(lane)),
  }))
}

/** The one command that installs them (Debian and Ubuntu). */
export function installCommand(missing: Missing[], asRoot: boolean): string {
  const sudo = asRoot ? '' : 'sudo '
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${[...new Set(missing.map((entry) => entry.debianPackage))].join(' ')}`
}

const LANE_NAMES: Record<Lane, string> = { jest: 'the Jest tests', e2e: 'the browser tests', deployment: 'the deployment tests' }

/** The message of a run that cannot start: each missing program, then the command. */
export function missingMessage(missing: Missing[], asRoot: boolean): string {
  return [
    `npm test cannot run: ${missing.length === 1 ? 'a system program is' : `${missing.length} system programs are`} missing.`,
    ...missing.map(
      (entry) => `  ${entry.program}: ${entry.why} (${entry.lanes.map((lane) => LANE_NAMES[lane]).join(', ')}; Debian package ${entry.debianPackage})`,
    ),
    'Install them with:',
    `  ${installCommand(missing, asRoot)}`,
    asRoot
      ? 'apt-get did not bring them all (its errors are above, or the file a variable names does not exist).'
      : 'or run npm test as root on Debian or Ubuntu, which installs them itself.',
    '(--no-e2e and --no-deployment leave out a lane and what only it needs.)',
  ].join('\n')
}

/** Root on Debian or Ubuntu, with apt-get: the run may install what is missing. */
export const mayInstall = (uid = process.getuid?.()): boolean => uid === 0 && existsSync('/etc/debian_version') && executable('/usr/bin/apt-get')

/**
 * Makes sure the lanes' programs are there: installs the missing ones with apt-get when it may,
 * else (or when that did not bring them all) prints the message and ends the process with 1.
 */
export function ensurePrerequisites(lanes: Lane[]): void {
  let missing = missingPrerequisites(lanes)
  if (missing.length === 0) return
  if (mayInstall()) {
    const packages = [...new Set(missing.map((entry) => entry.debianPackage))]
    console.log(`Installing the system packages the tests need: ${packages.join(' ')} (apt-get) …`)
    const quiet: SpawnSyncOptions = { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }
    spawnSync('apt-get', ['update', '-qq'], quiet)
    spawnSync('apt-get', ['install', '-y', '-qq', ...packages], quiet)
    missing = missingPrerequisites(lanes)
    if (missing.length === 0) return
  }
  console.error(missingMessage(missing, process.getuid?.() === 0))
  process.exit(1)
}
