/**
 * `npm test`: every test against real parts. Starts a throw-away embedded PostgreSQL, migrates
 * and seeds it, builds and starts the shop, then runs Jest (unit + integration) and Playwright
 * (Debian's Chromium headless shell) side by side, after the few test files marked `// @run-alone:`; the checks
 * (ESLint, Prettier, tsc) run beside them. Prints one closing line "N passed, N failed".
 * `npm test -- --no-e2e` skips the browser tests, `--no-jest` the Jest tests; `--only <pattern>`
 * runs only the test files whose path matches the pattern (for working on one area; it skips the
 * checks, which `--no-lint` also skips). The deployment tests (tests/deployment: shops of their own,
 * killed processes, stopped databases, S3) run in a third lane beside Jest and Playwright;
 * `--no-deployment` skips them.
 */
import type { ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildIsCurrent, markBuilt, sourceFingerprint } from './lib/build-fingerprint'
import { prepareEnvironment, ROOT } from './lib/env'
import { type Lane, ensurePrerequisites } from './lib/prerequisites'
import { bin, run, runCollected, runForLastLine, startServer, stop, waitForHttp } from './lib/processes'

const args = process.argv.slice(2)
const withE2e = !args.includes('--no-e2e')
const withJest = !args.includes('--no-jest')
const withDeployment = withJest && !args.includes('--no-deployment')
const onlyIndex = args.indexOf('--only')
const only = onlyIndex >= 0 ? args[onlyIndex + 1] : undefined
const withLint = !only && !args.includes('--no-lint')
// The system programs of every lane that will run, before anything is built or started: installed
// as root on Debian or Ubuntu, else the run stops here naming them (scripts/lib/prerequisites.ts).
// The deployment lane also runs integration and security suites once more on shops of its own.
const lanes: Lane[] = [
  withJest && ['unit', 'integration', 'security'].some((folder) => testFiles(folder, /\.test\.tsx?$/).length > 0) && 'jest',
  withE2e && ['e2e', 'security'].some((folder) => testFiles(folder, /\.spec\.ts$/).length > 0) && 'e2e',
  withDeployment && ['deployment', 'integration', 'security'].some((folder) => testFiles(folder, /\.test\.ts$/).length > 0) && 'deployment',
].filter((lane): lane is Lane => Boolean(lane))
ensurePrerequisites(lanes)
// Only now the heavier modules (the S3 client, s3rver, the database): a run that cannot start says so in seconds.
const { DatabaseStartError, freePort, startDatabase } = await import('./lib/embedded-postgres')
const { keepSeededCopy } = await import('../tests/deployment/support/seeded-copy')
const { startSmtpCatcher } = await import('../tests/support/smtp-catcher')
const { startStripeStandIn } = await import('../tests/support/stripe-stand-in')
const { S3_TEST_NAME_PATTERN, startShopOnS3, SUITES_ON_S3 } = await import('../tests/deployment/support/s3')
const { startShopWithoutFfmpeg, SUITES_WITHOUT_FFMPEG } = await import('../tests/deployment/support/without-ffmpeg')
const scratch = mkdtempSync(path.join(os.tmpdir(), 'shop-test-'))
// Our own throw-away folder: as root, the postgres user must be able to enter it (not list it).
if (process.getuid?.() === 0) chmodSync(scratch, 0o711)
process.env.DATA_DIR = path.join(scratch, 'data')
process.env.MEDIA_DIR = path.join(scratch, 'media')
process.env.SEED_CACHE_DIR ||= path.join(ROOT, 'data', 'seed-cache')
process.env.ADMIN_EMAIL = 'admin@example.com'
process.env.ADMIN_PASSWORD = 'test-admin-password'
process.env.DEMO_CUSTOMER_PASSWORD = 'test-demo-customer-password'
process.env.MAIL_OUTBOX_DIR = path.join(scratch, 'outbox')
process.env.MAIL_CATCHER_DIR = path.join(scratch, 'mail')
delete process.env.DATABASE_URL
prepareEnvironment()

// How long each phase took, printed at the end: CI has a time budget (issue 19: under 20 minutes).
const phases: string[] = []
// What ran beside the phases, with its own time.
const parallel: string[] = []
let phaseStart = Date.now()
const phaseDone = (name: string) => {
  phases.push(`${name} ${Math.round((Date.now() - phaseStart) / 1000)} s`)
  phaseStart = Date.now()
}

type Tally = { passed: number; failed: number; skipped: number }
const tally: Tally = { passed: 0, failed: 0, skipped: 0 }
// The names of what failed, repeated under the closing line: CI shows only the end of the output.
const failures: string[] = []
const add = (t: Partial<Tally>) => {
  tally.passed += t.passed ?? 0
  tally.failed += t.failed ?? 0
  tally.skipped += t.skipped ?? 0
}

/**
 * ESLint (layers, import cycles, TypeScript and React rules), Prettier and tsc over every file; a
 * problem fails the run. They need no shop, so they run beside the tests, which leave a core idle
 * much of the time; their output is shown when they are done.
 */
async function runChecks(): Promise<void> {
  const started = Date.now()
  const [lint, types] = await Promise.all([
    runCollected('npm', ['run', '--silent', 'lint'], process.env),
    runCollected('npm', ['run', '--silent', 'typecheck'], process.env),
  ])
  for (const [name, check] of [
    ['Lint (npm run lint; `npm run format` fixes the formatting)', lint],
    ['Types (npm run typecheck)', types],
  ] as const) {
    if (check.ok) add({ passed: 1 })
    else {
      console.error(`\n${name} failed:\n${check.output}`)
      add({ failed: 1 })
      failures.push(name)
    }
  }
  parallel.push(`checks ${Math.round((Date.now() - started) / 1000)} s`)
}

const database = await startDatabase(process.env.DATA_DIR).catch((error: unknown) => {
  rmSync(scratch, { recursive: true, force: true })
  if (!(error instanceof DatabaseStartError)) throw error
  console.error(error.message)
  process.exit(1)
})
// Stripe cannot be reached from here: the shop's SDK talks to a loopback stand-in, and the tests
// sign their webhook events with this secret.
const stripeStandIn = await startStripeStandIn()
// A real SMTP server on loopback; what it receives the tests read from MAIL_CATCHER_DIR.
const smtpCatcher = await startSmtpCatcher(process.env.MAIL_CATCHER_DIR!)
const port = String(await freePort())
const baseUrl = `http://127.0.0.1:${port}`
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: database.url,
  PORT: port,
  HOST: '127.0.0.1',
  BASE_URL: baseUrl,
  PUBLIC_URL: baseUrl,
  STRIPE_SECRET_KEY: 'sk_test_loopback_stand_in',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_loopback_stand_in',
  STRIPE_API_BASE: stripeStandIn.base,
  SMTP_URL: smtpCatcher.url,
  MAIL_FROM_ADDRESS: 'shop@example.com',
  // Retries after seconds, not minutes, so the outage test sees a mail go out once SMTP is back.
  MAIL_RETRY_DELAY_SECONDS: '1',
  // Mails leave within a second instead of five: the mail tests wait for them.
  MAIL_QUEUE_POLL_SECONDS: '1',
  // A call to Stripe, S3 or SMTP inside a database transaction fails, and is written here; the run fails on it (src/site/outside-transactions.ts).
  SERVICE_CALL_GUARD: 'throw',
  SERVICE_CALL_VIOLATIONS_FILE: path.join(scratch, 'service-call-violations.log'),
  // tsc checks every file beside the tests (runChecks), so the build need not check the app's part again.
  ...(withLint ? { SKIP_BUILD_TYPECHECK: '1' } : {}),
}
let server: ChildProcess | undefined
let exitCode = 1

/**
 * Test files with a line `// @run-alone: <why>`: they change what every test sees, inject faults,
 * or measure time or memory, so nothing else runs while they do.
 */
function filesToRunAlone(folders: string[], pattern: RegExp): string[] {
  const files: string[] = []
  for (const folder of folders) {
    for (const name of readdirSync(path.join(ROOT, 'tests', folder))) {
      const file = path.join(ROOT, 'tests', folder, name)
      if (pattern.test(name) && /^\/\/ @run-alone:/m.test(readFileSync(file, 'utf8'))) files.push(file)
    }
  }
  return files.filter((file) => !only || new RegExp(only).test(file))
}

/** The test files of one folder under tests/ (those matching --only, when given). */
function testFiles(folder: string, pattern: RegExp): string[] {
  const dir = path.join(ROOT, 'tests', folder)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => pattern.test(name))
    .map((name) => path.join(dir, name))
    .filter((file) => !only || new RegExp(only).test(file))
}

/**
 * First-load JavaScript of every page against its budget (bench/first-load-js.ts, issue 29): read
 * from the build's manifests, so it cannot flake the way a timed test would.
 */
async function checkBundleBudgets(): Promise<void> {
  const bundle = await runCollected(bin('tsx'), ['bench/first-load-js.ts'], process.env)
  if (bundle.ok) return add({ passed: 1 })
  console.error(`\nFirst-load JavaScript over budget (npm run bench:bundle):\n${bundle.output}`)
  add({ failed: 1 })
  failures.push('first-load JavaScript over budget (npm run bench:bundle, above)')
}

async function runJest(shop: NodeJS.ProcessEnv, name: string, selection: string[]): Promise<void> {
  // Outside test-results/, which Playwright empties when it starts; kept so a slow run can be read afterwards.
  const jestResults = path.join(ROOT, '.tmp', `jest-${name}.json`)
  rmSync(jestResults, { force: true })
  mkdirSync(path.dirname(jestResults), { recursive: true })
  await run(bin('jest'), ['--json', `--outputFile=${jestResults}`, '--passWithNoTests', ...selection], {
    ...shop,
    NODE_OPTIONS: '--experimental-vm-modules --no-warnings',
  }).catch(() => {})
  if (existsSync(jestResults)) {
    const jest = JSON.parse(readFileSync(jestResults, 'utf8'))
    add({ passed: jest.numPassedTests, failed: jest.numFailedTests + jest.numRuntimeErrorTestSuites, skipped: jest.numPendingTests })
    failures.push(...failedJestTests(jest))
  } else {
    add({ failed: 1 })
    failures.push(`Jest (${name}) wrote no results`)
  }
}

/**
 * The first lines of a failure's message, indented under its name: CI shows only the end of a
 * run's output, and a test that fails only there must be understood from that summary.
 */
function withReason(name: string, message: string | undefined): string {
  const lines = (message ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
  return [name, ...lines.slice(0, 8).map((line) => `      ${line.slice(0, 300)}`)].join('\n')
}

type JestResults = {
  testResults: { name: string; message?: string; assertionResults: { status: string; fullName: string; failureMessages?: string[] }[] }[]
}
function failedJestTests(jest: JestResults): string[] {
  return jest.testResults.flatMap((file) => {
    const where = path.relative(ROOT, file.name)
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => withReason(`${where} › ${test.fullName}`, test.failureMessages?.[0]))
    // A file that failed before its tests ran (an import, a beforeAll) has no failed test of its own.
    return tests.length || !file.message ? tests : [withReason(`${where} (the file did not run)`, file.message)]
  })
}

type PlaywrightSuite = {
  file: string
  specs?: { title: string; line?: number; tests: { status: string; results?: { error?: { message?: string; location?: { line: number } } }[] }[] }[]
  suites?: PlaywrightSuite[]
}
function failedPlaywrightTests(results: { suites: PlaywrightSuite[] }): string[] {
  const walk = (suite: PlaywrightSuite): string[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status !== 'expected' && test.status !== 'skipped')
        .map((test) => {
          const error = test.results?.find((result) => result.error)?.error
          const failedAt = error?.location ? ` (failed at line ${error.location.line})` : ''
          return withReason(`${suite.file}${spec.line ? `:${spec.line}` : ''} › ${spec.title}${failedAt}`, error?.message)
        }),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ]
  return results.suites.flatMap(walk)
}

async function runPlaywright(shop: NodeJS.ProcessEnv, files: string[]): Promise<void> {
  const e2eResults = path.join(ROOT, 'test-results', 'e2e-results.json')
  rmSync(e2eResults, { force: true })
  const filter = files.length ? files : only ? [only] : []
  await run(bin('playwright'), ['test', ...filter, '--pass-with-no-tests'], shop).catch(() => {})
  if (existsSync(e2eResults)) {
    const results = JSON.parse(readFileSync(e2eResults, 'utf8'))
    add({ passed: results.stats.expected, failed: results.stats.unexpected + results.stats.flaky, skipped: results.stats.skipped })
    failures.push(...failedPlaywrightTests(results))
  } else {
    add({ failed: 1 })
    failures.push('Playwright wrote no results')
  }
}

try {
  const fingerprint = sourceFingerprint()
  const build = buildIsCurrent(fingerprint)
    ? Promise.resolve()
    : (console.log('Building the shop for the tests …'), run(bin('next'), ['build'], env).then(() => markBuilt(fingerprint)))
  // The database is migrated and seeded while the shop is built (the seed waits mostly on files and the database).
  const prepared = await Promise.allSettled([build, runForLastLine(bin('tsx'), ['scripts/prepare-database.ts'], env)])
  for (const step of prepared) if (step.status === 'rejected') throw step.reason
  // The deployment tests' shops start from a copy of this freshly seeded shop (seededShopDatabase).
  Object.assign(env, await keepSeededCopy(database.url, env.MEDIA_DIR!, path.join(scratch, 'media-seeded')))
  phaseDone('build and database')
  if (!only) await checkBundleBudgets()

  // With --only naming deployment tests alone, the shared shop has nothing to serve.
  const forSharedShop = !only || ['unit', 'integration', 'security', 'e2e'].some((folder) => testFiles(folder, /\.(test|spec)\.tsx?$/).length > 0)
  if (forSharedShop) {
    server = startServer({ dev: false, env, stdio: ['ignore', 'inherit', 'inherit'] })
    // The body-limit tests watch the memory of the process that handles the requests.
    env.SERVER_PID = String(server.pid)
    await waitForHttp(`${env.BASE_URL}/`, 60000)
    phaseDone('start')
  }

  const checks = withLint ? runChecks() : Promise.resolve()
  const jestAlone = withJest ? filesToRunAlone(['unit', 'integration', 'security'], /\.test\.tsx?$/) : []
  const e2eAlone = withE2e ? filesToRunAlone(['e2e', 'security'], /\.spec\.ts$/) : []
  if (jestAlone.length) await runJest(env, 'alone', ['--runTestsByPath', ...jestAlone])
  if (e2eAlone.length) await runPlaywright(env, e2eAlone)
  if (jestAlone.length || e2eAlone.length) phaseDone('files that run alone')
  // The rest of Jest and Playwright side by side on the one shop: Jest waits on the server much of
  // the time, and neither touches what the other's tests look at (the files above ran alone).
  const filter = only ? [`--testPathPatterns=${only}`] : []
  const escaped = jestAlone.map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const ignoreAlone = [`--testPathIgnorePatterns=${['/node_modules/', '/tests/deployment/', ...escaped].join('|')}`]
  const deployment = withDeployment ? testFiles('deployment', /\.test\.ts$/) : []
  const onS3 = withDeployment ? SUITES_ON_S3.filter((file) => !only || new RegExp(only).test(file)) : []
  const withoutFfmpeg = withDeployment ? SUITES_WITHOUT_FFMPEG.filter((file) => !only || new RegExp(only).test(file)) : []
  // A third lane beside them: the deployment tests' shops of their own (from the same build, on
  // copies of the seeded database; mails to files or their own catchers), then the upload,
  // playback and download suites once more against a shop whose files are in a bucket of a real
  // S3-compatible server (s3rver), and the waveform and download suites against a shop that finds
  // no system ffmpeg. Much of their time is waiting (a stopped database, a restart).
  const deploymentLane = async () => {
    const started = Date.now()
    if (deployment.length) await runJest(env, 'deployment', ['--runTestsByPath', ...deployment])
    if (onS3.length) {
      console.log(`\nThe upload, playback and download suites against S3 (s3rver): ${onS3.length} files …`)
      const s3Shop = await startShopOnS3(env)
      try {
        await runJest(s3Shop.env, 's3', ['--runTestsByPath', ...onS3.map((file) => path.join(ROOT, file)), `--testNamePattern=${S3_TEST_NAME_PATTERN}`])
      } finally {
        await s3Shop.stop()
      }
    }
    if (withoutFfmpeg.length) {
      console.log(`\nThe waveform and download suites against a shop without a system ffmpeg: ${withoutFfmpeg.length} files …`)
      const shop = await startShopWithoutFfmpeg(env)
      try {
        await runJest(shop.env, 'without-ffmpeg', ['--runTestsByPath', ...withoutFfmpeg.map((file) => path.join(ROOT, file))])
      } finally {
        await shop.stop()
      }
    }
    if (deployment.length || onS3.length || withoutFfmpeg.length) {
      parallel.push(`deployment, S3 and without-ffmpeg suites ${Math.round((Date.now() - started) / 1000)} s`)
    }
  }
  await Promise.all([
    forSharedShop && withJest ? runJest(env, 'rest', [...filter, ...ignoreAlone]) : undefined,
    forSharedShop && withE2e ? runPlaywright({ ...env, E2E_IGNORE: e2eAlone.join(',') }, []) : undefined,
    deploymentLane(),
  ])
  phaseDone(
    [forSharedShop && withJest && 'jest', forSharedShop && withE2e && 'playwright', (deployment.length || onS3.length || withoutFfmpeg.length) && 'deployment']
      .filter(Boolean)
      .join(', ') + ' side by side',
  )
  await checks
  const violations = existsSync(env.SERVICE_CALL_VIOLATIONS_FILE!) ? readFileSync(env.SERVICE_CALL_VIOLATIONS_FILE!, 'utf8').trim() : ''
  if (violations) {
    console.error(`\nCalls to another service inside a database transaction (docs/architecture.md):\n${violations}`)
    add({ failed: 1 })
    failures.push('a call to Stripe, S3 or SMTP inside a database transaction (above)')
  }
  exitCode = tally.failed === 0 && tally.passed > 0 ? 0 : 1
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  tally.failed += 1
  failures.push(`the run itself: ${error instanceof Error ? error.message : String(error)}`)
} finally {
  if (server) await stop(server)
  await stripeStandIn.close()
  await smtpCatcher.close()
  await database.stop()
  rmSync(scratch, { recursive: true, force: true })
}
console.log(`\nTimes: ${phases.join(', ')}${parallel.length ? `; beside them: ${parallel.join(', ')}` : ''}`)
if (failures.length) console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join('\n')}`)
console.log(`\n${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`)
process.exit(exitCode)
