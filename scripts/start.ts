/**
 * `npm start`: the whole shop with one command. Starts PostgreSQL (embedded unless DATABASE_URL
 * is set), migrates and seeds it, builds the production bundle when the sources changed, and
 * serves it. `npm run dev` does the same with `next dev` instead of a build.
 */
import { spawn } from 'node:child_process'
import { startDatabase } from './lib/embedded-postgres'
import { buildIsCurrent, markBuilt, sourceFingerprint } from './lib/build-fingerprint'
import { dataDir, prepareEnvironment, ROOT } from './lib/env'
import { bin, run, runForLastLine, stop, waitForHttp } from './lib/processes'

const dev = process.argv.includes('--dev')
prepareEnvironment()
const port = process.env.PORT!

console.log(process.env.DATABASE_URL ? 'Using the PostgreSQL server from DATABASE_URL.' : 'Starting the embedded PostgreSQL …')
const database = await startDatabase(dataDir())
const env = { ...process.env, DATABASE_URL: database.url }

let shuttingDown = false
const shutdown = async (code: number) => {
  if (shuttingDown) return
  shuttingDown = true
  if (server) await stop(server)
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

  server = spawn(bin('next'), [dev ? 'dev' : 'start', '-p', port], { cwd: ROOT, env, stdio: 'inherit' })
  server.on('exit', (code) => void shutdown(code ?? 1))
  const url = `http://localhost:${port}`
  await waitForHttp(url, dev ? 120000 : 60000)

  const { admin, demoCustomer } = prepared
  const login = admin.password
    ? `${admin.email} / ${admin.password}${admin.created && !process.env.ADMIN_PASSWORD ? '   (generated now and shown only this once)' : ''}`
    : `${admin.email} with the password set on first start (ADMIN_PASSWORD, or the one printed then)`
  console.log(
    [
      '',
      '  The shop is running.',
      `  Storefront:  ${url}/`,
      `  Admin panel: ${url}/admin`,
      `  Seller login: ${login}`,
      ...(demoCustomer
        ? [
            `  Demo customer: ${demoCustomer.username} / ${demoCustomer.password}${process.env.DEMO_CUSTOMER_PASSWORD ? '' : '   (generated now and shown only this once)'}`,
          ]
        : []),
      `  Data: ${database.embedded ? dataDir() : 'external PostgreSQL (DATABASE_URL)'}; stop with Ctrl-C.`,
      '',
    ].join('\n'),
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await shutdown(1)
}
