/**
 * `npm test`: every test against real parts. Starts a throw-away embedded PostgreSQL, migrates
 * and seeds it, builds and starts the shop, then runs Jest (unit + integration) and Playwright
 * (Debian's Chromium). Prints one closing line "N passed, N failed".
 * `npm test -- --no-e2e` skips the browser tests, `--no-jest` the Jest tests; `--only <pattern>`
 * runs only the test files whose path matches the pattern (for working on one area; it skips the lint
 * step, which `--no-lint` also skips).
 */
import type { ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildIsCurrent, markBuilt, sourceFingerprint } from './lib/build-fingerprint'
import { freePort, startDatabase, UnreachableForPostgresError } from './lib/embedded-postgres'
import { prepareEnvironment, ROOT } from './lib/env'
import { bin, run, runForLastLine, startServer, stop, waitForHttp } from './lib/processes'
import { startSmtpCatcher } from '../tests/support/smtp-catcher'
import { startStripeStandIn } from '../tests/support/stripe-stand-in'

const args = process.argv.slice(2)
const withE2e = !args.includes('--no-e2e')
const withJest = !args.includes('--no-jest')
const onlyIndex = args.indexOf('--only')
const only = onlyIndex >= 0 ? args[onlyIndex + 1] : undefined
const withLint = !only && !args.includes('--no-lint')
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
let phaseStart = Date.now()
const phaseDone = (name: string) => {
  phases.push(`${name} ${Math.round((Date.now() - phaseStart) / 1000)} s`)
  phaseStart = Date.now()
}

type Tally = { passed: number; failed: number; skipped: number }
const tally: Tally = { passed: 0, failed: 0, skipped: 0 }
const add = (t: Partial<Tally>) => {
  tally.passed += t.passed ?? 0
  tally.failed += t.failed ?? 0
  tally.skipped += t.skipped ?? 0
}

// ESLint (layers, import cycles, TypeScript and React rules) and Prettier; a problem fails the run.
if (withLint) {
  await run('npm', ['run', '--silent', 'lint'], process.env).then(
    () => add({ passed: 1 }),
    () => {
      console.error('Lint failed (npm run lint): see the problems above; `npm run format` fixes the formatting.')
      add({ failed: 1 })
    },
  )
  phaseDone('lint')
}

const database = await startDatabase(process.env.DATA_DIR).catch((error: unknown) => {
  rmSync(scratch, { recursive: true, force: true })
  if (!(error instanceof UnreachableForPostgresError)) throw error
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
}
let server: ChildProcess | undefined
let exitCode = 1

async function runJest(shop: NodeJS.ProcessEnv): Promise<void> {
  // Outside test-results/, which Playwright empties when it starts; kept so a slow run can be read afterwards.
  const jestResults = path.join(ROOT, '.tmp', 'jest-results.json')
  rmSync(jestResults, { force: true })
  mkdirSync(path.dirname(jestResults), { recursive: true })
  const filter = only ? [`--testPathPatterns=${only}`, '--passWithNoTests'] : []
  await run(bin('jest'), ['--json', `--outputFile=${jestResults}`, ...filter], { ...shop, NODE_OPTIONS: '--experimental-vm-modules --no-warnings' }).catch(
    () => {},
  )
  if (existsSync(jestResults)) {
    const jest = JSON.parse(readFileSync(jestResults, 'utf8'))
    add({ passed: jest.numPassedTests, failed: jest.numFailedTests + jest.numRuntimeErrorTestSuites, skipped: jest.numPendingTests })
  } else add({ failed: 1 })
  phaseDone('jest')
}

async function runPlaywright(shop: NodeJS.ProcessEnv): Promise<void> {
  const e2eResults = path.join(ROOT, 'test-results', 'e2e-results.json')
  rmSync(e2eResults, { force: true })
  await run(bin('playwright'), ['test', ...(only ? [only, '--pass-with-no-tests'] : [])], shop).catch(() => {})
  if (existsSync(e2eResults)) {
    const { stats } = JSON.parse(readFileSync(e2eResults, 'utf8'))
    add({ passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped })
  } else add({ failed: 1 })
  phaseDone('playwright')
}

try {
  const fingerprint = sourceFingerprint()
  const build = buildIsCurrent(fingerprint)
    ? Promise.resolve()
    : (console.log('Building the shop for the tests …'), run(bin('next'), ['build'], env).then(() => markBuilt(fingerprint)))
  // The database is migrated and seeded while the shop is built (the seed waits mostly on files and the database).
  const prepared = await Promise.allSettled([build, runForLastLine(bin('tsx'), ['scripts/prepare-database.ts'], env)])
  for (const step of prepared) if (step.status === 'rejected') throw step.reason
  phaseDone('build and database')

  server = startServer({ dev: false, env, stdio: ['ignore', 'inherit', 'inherit'] })
  // The body-limit tests watch the memory of the process that handles the requests.
  env.SERVER_PID = String(server.pid)
  await waitForHttp(`${env.BASE_URL}/`, 60000)
  phaseDone('start')

  // One suite after the other: tried side by side (two shops, 2026-11-25), they took as long in all
  // on two cores, and the timing comparisons of the security suite grew noisy.
  if (withJest) await runJest(env)
  if (withE2e) await runPlaywright(env)
  exitCode = tally.failed === 0 && tally.passed > 0 ? 0 : 1
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  tally.failed += 1
} finally {
  if (server) await stop(server)
  await stripeStandIn.close()
  await smtpCatcher.close()
  await database.stop()
  rmSync(scratch, { recursive: true, force: true })
}
console.log(`\nTimes: ${phases.join(', ')}`)
console.log(`\n${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`)
process.exit(exitCode)
