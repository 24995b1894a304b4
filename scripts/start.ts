/**
 * `npm start`: the whole shop with one command. Starts PostgreSQL (embedded unless DATABASE_URL
 * is set), migrates and seeds it, builds the production bundle when the sources changed, and
 * serves it through scripts/serve.ts. `npm run dev` does the same in Next's development mode.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { audioTool, describeAudioTool } from '../src/audio/ffmpeg'
import { startDatabaseOrExit } from './lib/embedded-postgres'
import { buildIsCurrent, markBuilt, sourceFingerprint } from './lib/build-fingerprint'
import { dataDir, prepareEnvironmentOrExit } from './lib/env'
import { bin, run, runForLastLine, startServer, stop, waitForHttp } from './lib/processes'

const dev = process.argv.includes('--dev')
prepareEnvironmentOrExit()
const port = process.env.PORT!
// The server picks the same tool from the same environment (src/audio/ffmpeg.ts).
console.log(describeAudioTool(audioTool()))

console.log(process.env.DATABASE_URL ? 'Using the PostgreSQL server from DATABASE_URL.' : 'Starting the embedded PostgreSQL …')
const database = await startDatabaseOrExit(dataDir())
const env = { ...process.env, DATABASE_URL: database.url }

let shuttingDown = false
const shutdown = async (code: number) => {
  if (shuttingDown) return
  shuttingDown = true
  // The server drains (SHUTDOWN_DRAIN_SECONDS) and finishes its requests (30 s at most) before it ends.
  if (server) await stop(server, 45_000)
  await database.stop()
  process.exit(code)
}
let server: ReturnType<typeof spawn> | undefined
process.on('SIGINT', () => void shutdown(0))
process.on('SIGTERM', () => void shutdown(0))

try {
  const prepared = JSON.parse(await runForLastLine(bin('tsx'), ['scripts/prepare-database.ts'], env)) as {
    admin: { email: string; password?: string; created: boolean }
    demoCustomer: { username: string; password: string } | null
  }

  if (!dev) {
    const fingerprint = sourceFingerprint()
    if (buildIsCurrent(fingerprint)) console.log('The production build is up to date.')
    else {
      console.log('Building the shop (next build, about a minute) …')
      await run(bin('next'), ['build'], env)
      markBuilt(fingerprint)
    }
  }

  server = startServer({ dev, env, stdio: 'inherit' })
  server.on('exit', (code) => void shutdown(code ?? 1))
  await waitForHttp(`http://127.0.0.1:${port}/`, dev ? 120000 : 60000)
  const url = process.env.PUBLIC_URL!

  const { admin, demoCustomer } = prepared
  // Generated passwords go to a terminal only, never into a log file that stdout may be.
  const onTerminal = process.stdout.isTTY === true
  const resetHint = 'set a new one with `npm run admin:reset-password`'
  const login =
    admin.password && admin.created && !process.env.ADMIN_PASSWORD
      ? onTerminal
        ? `${admin.email} / ${admin.password}   (generated now and shown only this once)`
        : `${admin.email}; a password was generated and is not written to this non-terminal output: ${resetHint}`
      : `${admin.email} with the password set on first start (ADMIN_PASSWORD, or the generated one); forgotten: ${resetHint}`
  console.log(
    [
      '',
      '  The shop is running.',
      `  Storefront:  ${url}/`,
      `  Admin panel: ${url}/admin`,
      `  Seller login: ${login}`,
      ...(demoCustomer
        ? [
            process.env.DEMO_CUSTOMER_PASSWORD
              ? `  Demo customer: ${demoCustomer.username} with DEMO_CUSTOMER_PASSWORD`
              : onTerminal
                ? `  Demo customer: ${demoCustomer.username} / ${demoCustomer.password}   (generated now and shown only this once)`
                : `  Demo customer: ${demoCustomer.username} (its generated password is shown on a terminal only; set DEMO_CUSTOMER_PASSWORD to choose one)`,
            `  Demo orders for the seller: from demo-kunde, with the same password`,
          ]
        : []),
      `  Data: ${database.embedded ? dataDir() : 'external PostgreSQL (DATABASE_URL)'}; stop with Ctrl-C.`,
      ...(database.clusterDir && !database.clusterDir.startsWith(dataDir() + path.sep) ? [`  Database files: ${database.clusterDir}`] : []),
      '',
    ].join('\n'),
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await shutdown(1)
}
