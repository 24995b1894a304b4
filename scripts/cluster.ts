/**
 * `npm run cluster`: the shop as a deployment on several machines would run it, on this one. Starts
 * Debian's PostgreSQL 15 (or uses DATABASE_URL), migrates and seeds it, starts two shop processes
 * on it that share their files (one MEDIA_DIR and DATA_DIR, or S3 when S3_BUCKET is set) and puts
 * HAProxy in front (round robin, no sticky sessions, health check GET /api/health/, failover) on PORT.
 * CLUSTER_PGBOUNCER=b puts PgBouncer in transaction mode between instance b and the database.
 * It supervises the instances: one that exits is reported at once and started again.
 * However it ends (Ctrl-C to its process group, SIGTERM, a failed start), it stops every process it
 * started and deletes its throw-away folder (0700: the database with its password hashes is in it).
 */
import { rmSync } from 'node:fs'
import { buildIsCurrent, markBuilt, sourceFingerprint } from './lib/build-fingerprint'
import { type Cluster, INSTANCE_NAMES, runPrepareDatabase, startCluster } from './lib/cluster/cluster'
import { INSTANCE_HEADER } from './lib/cluster/haproxy'
import { privateThrowAwayFolder } from './lib/cluster/postgres'
import { prepareEnvironmentOrExit } from './lib/env'
import { bin, run } from './lib/processes'

prepareEnvironmentOrExit()
const throughPgbouncer = (process.env.CLUSTER_PGBOUNCER ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean)
const unknown = throughPgbouncer.filter((name) => !(INSTANCE_NAMES as readonly string[]).includes(name))
if (unknown.length > 0) {
  console.error(`CLUSTER_PGBOUNCER names the instances behind PgBouncer (${INSTANCE_NAMES.join(', ')}), not "${unknown.join(', ')}".`)
  process.exit(1)
}

const dir = privateThrowAwayFolder('shop-cluster-')
/** Deletes the folder; a server that was still writing into it as it ended may need a second try. */
const removeFolder = () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
let cluster: Cluster | undefined
/** The start in progress: a stop asked for meanwhile waits for it (a part that fails on the signal ends it early). */
let starting: Promise<Cluster> | undefined
let stopping = false
const shutdown = async (code: number, why: string) => {
  // Ctrl-C reaches every process of the group at once, this one included, and may come twice: one stop.
  if (stopping) return
  stopping = true
  console.log(`${why}: stopping the instances, HAProxy and the database, and deleting ${dir} …`)
  try {
    await starting?.catch(() => {})
    await cluster?.stop()
  } catch (error) {
    console.error(`Stopping the cluster: ${error instanceof Error ? error.message : String(error)}`)
  }
  try {
    removeFolder()
  } catch (error) {
    console.error(`Deleting ${dir}: ${error instanceof Error ? error.message : String(error)}`)
    code = 1
  }
  process.exit(code)
}
// A way out that skips shutdown (an uncaught error): the parts each kill their process on exit;
// the folder goes after them.
process.on('exit', () => {
  try {
    removeFolder()
  } catch {
    // Reported by shutdown when it ran; nothing more can be done here.
  }
})
process.on('SIGINT', () => void shutdown(0, 'Ctrl-C (SIGINT)'))
process.on('SIGTERM', () => void shutdown(0, 'SIGTERM'))
process.on('SIGHUP', () => void shutdown(0, 'SIGHUP (the terminal closed)'))

try {
  starting = startCluster({
    dir,
    env: process.env,
    port: Number(process.env.PORT),
    throughPgbouncer,
    // The build prerenders pages from the database, so it comes after the database is ready.
    prepareDatabase: async (env) => {
      const logins = await runPrepareDatabase(env)
      const fingerprint = sourceFingerprint()
      if (!buildIsCurrent(fingerprint)) {
        console.log('Building the shop (next build, about a minute) …')
        await run(bin('next'), ['build'], env)
        markBuilt(fingerprint)
      }
      return logins
    },
  })
  cluster = await starting
  const { admin } = cluster.logins
  const password =
    admin.password && process.stdout.isTTY
      ? ` / ${admin.password}`
      : ' (password: ADMIN_PASSWORD, or `npm run admin:reset-password` with the same DATABASE_URL)'
  console.log(
    [
      '',
      '  Two shop instances behind HAProxy are running.',
      `  Storefront:   ${process.env.PUBLIC_URL}/   (HAProxy on ${cluster.url}; each answer names its instance in ${INSTANCE_HEADER})`,
      `  Admin panel:  ${process.env.PUBLIC_URL}/admin`,
      `  Seller login: ${admin.email}${password}`,
      ...cluster.instances.map(
        (instance) =>
          `  Instance ${instance.name}:   ${instance.url} (pid ${instance.pid()})${throughPgbouncer.includes(instance.name) ? ' (database through PgBouncer)' : ''}`,
      ),
      `  Files:        ${dir} (deleted when you stop)`,
      '  An instance that exits is reported here and started again. Ctrl-C stops all.',
      '',
    ].join('\n'),
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await shutdown(1, 'The start failed')
}
