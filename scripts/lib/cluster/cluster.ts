/**
 * Two shop instances on one PostgreSQL behind HAProxy (`npm run cluster`, the cluster test and
 * bench/cluster.ts). What the instances share is what a deployment on several machines shares:
 * the database (Debian's PostgreSQL 15 started here, or DATABASE_URL), the files (one MEDIA_DIR and
 * DATA_DIR, or S3 when S3_BUCKET is set, passed on in the environment) and PAYLOAD_SECRET (logins
 * and signed links made by one are valid on the other). Instance "b" may reach the database
 * through PgBouncer in transaction mode while "a" connects directly. Each instance is supervised
 * (supervisor.ts): an instance that exits is reported and started again.
 */
import path from 'node:path'
import { freePort } from '../free-port'
import { bin, runForLastLine, startServer } from '../processes'
import { BALANCER_ADDRESS, type Balancer, DRAIN_SECONDS, startHaproxy } from './haproxy'
import { type Pooler, startPgbouncer } from './pgbouncer'
import { type PostgresServer, startDebianPostgres } from './postgres'
import { supervise } from './supervisor'

export type Instance = {
  name: string
  url: string
  port: number
  /** The database URL it uses (PgBouncer's for an instance behind it). */
  databaseUrl: string
  /** The process that serves it now (a new one after a restart). */
  pid: () => number
  stop: () => Promise<void>
}

export type Cluster = {
  /** The balancer's URL: the shop's address. */
  url: string
  instances: Instance[]
  /** The database's own URL (migrations, checks). */
  databaseUrl: string
  /** PgBouncer's URL when an instance uses it. */
  poolerUrl?: string
  /** What the database's preparation made: the seller's login (and a demo customer's). */
  logins: { admin: { email: string; password?: string }; demoCustomer: unknown }
  stop: () => Promise<void>
}

export type ClusterOptions = {
  /** Folder for the database, PgBouncer's and HAProxy's files and the shared DATA_DIR and MEDIA_DIR. */
  dir: string
  /** The shop's environment (secrets, mail, Stripe, S3 …); DATABASE_URL in it is used instead of starting PostgreSQL. */
  env: NodeJS.ProcessEnv
  /** Instances that reach the database through PgBouncer in transaction mode (by name: "a", "b"). */
  throughPgbouncer?: string[]
  /** The balancer's port (else a free one). */
  port?: number
  /** Where the instances' output goes: to ours, each line behind its instance's name, or nowhere. */
  output?: 'inherit' | 'ignore'
  /** What the cluster reports: its parts starting, an instance that exited and is started again, the balancer taking one out or back. */
  log?: (line: string) => void
  /**
   * Brings the empty database up to date before the instances start; by default
   * scripts/prepare-database.ts (migrations, the seller's account, the demo content when
   * SEED_DEMO_CONTENT is set). The tests restore a seeded copy instead.
   */
  prepareDatabase?: (env: NodeJS.ProcessEnv) => Promise<Cluster['logins']>
}

/** scripts/prepare-database.ts: migrations, the seller's account, the demo content when SEED_DEMO_CONTENT is set. */
export const runPrepareDatabase = async (env: NodeJS.ProcessEnv): Promise<Cluster['logins']> =>
  JSON.parse(await runForLastLine(bin('tsx'), ['scripts/prepare-database.ts'], env)) as Cluster['logins']

export const INSTANCE_NAMES = ['a', 'b'] as const

async function startInstance(name: string, env: NodeJS.ProcessEnv, output: 'inherit' | 'ignore', log: (line: string) => void): Promise<Instance> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const supervised = await supervise({
    name,
    spawn: () => startServer({ dev: false, env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] }),
    answers: () =>
      fetch(`${url}/api/health/`, { redirect: 'manual' }).then(
        () => true,
        () => false,
      ),
    output: output === 'inherit' ? (line) => console.log(`[${name}] ${line}`) : undefined,
    report: log,
  })
  return { name, url, port, databaseUrl: env.DATABASE_URL!, pid: supervised.pid, stop: supervised.stop }
}

/** Starts the database (unless env.DATABASE_URL), migrates and seeds it, starts both instances and the balancer. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { dir, output = 'inherit', log = (line: string) => console.log(line) } = options
  const stoppers: (() => Promise<void>)[] = []
  const stopAll = async () => {
    for (const stopOne of stoppers.reverse()) await stopOne().catch(() => {})
  }
  try {
    let database: PostgresServer | undefined
    let databaseUrl = options.env.DATABASE_URL
    if (!databaseUrl) {
      database = await startDebianPostgres(path.join(dir, 'postgres'))
      stoppers.push(database.stop)
      databaseUrl = database.url
      log(`PostgreSQL 15 (Debian) on 127.0.0.1:${database.port}, files in ${path.join(dir, 'postgres')}.`)
    }
    let pooler: Pooler | undefined
    if (options.throughPgbouncer?.length) {
      if (!database) throw new Error('PgBouncer is started here only in front of the PostgreSQL started here (leave DATABASE_URL unset).')
      pooler = await startPgbouncer(path.join(dir, 'pgbouncer'), database)
      stoppers.push(pooler.stop)
      log(`PgBouncer (transaction mode) on 127.0.0.1:${pooler.port} for instance ${options.throughPgbouncer.join(', ')}.`)
    }
    const balancerPort = options.port ?? (await freePort())
    const shared: NodeJS.ProcessEnv = {
      ...options.env,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: options.env.PUBLIC_URL || `http://127.0.0.1:${balancerPort}`,
      DATA_DIR: options.env.DATA_DIR || path.join(dir, 'data'),
      MEDIA_DIR: options.env.MEDIA_DIR || path.join(dir, 'media'),
      TRUSTED_PROXY_HOPS: '1',
      TRUSTED_PROXY_ADDRESSES: BALANCER_ADDRESS,
      // A stopping instance fails its health check this long before it closes: the balancer takes it out first.
      SHUTDOWN_DRAIN_SECONDS: options.env.SHUTDOWN_DRAIN_SECONDS || String(DRAIN_SECONDS),
    }
    const logins = await (options.prepareDatabase ?? runPrepareDatabase)(shared)
    // Both at once: each start is mostly waiting for Next to load. One that fails leaves the other to be stopped.
    const started = await Promise.allSettled(
      INSTANCE_NAMES.map((name) =>
        startInstance(name, { ...shared, DATABASE_URL: options.throughPgbouncer?.includes(name) ? pooler!.url : databaseUrl }, output, log),
      ),
    )
    const instances = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
    // Stopped side by side: each drains for SHUTDOWN_DRAIN_SECONDS first.
    stoppers.push(() => Promise.all(instances.map((instance) => instance.stop())).then(() => undefined))
    const failed = started.find((outcome) => outcome.status === 'rejected')
    if (failed) throw failed.reason
    const balancer: Balancer = await startHaproxy(path.join(dir, 'haproxy'), instances, {
      port: balancerPort,
      onServerState: ({ instance, up, reason }) =>
        log(up ? `Balancer: instance ${instance} is back in.` : `Balancer: instance ${instance} is out (${reason || 'its health check failed'}).`),
    })
    stoppers.push(balancer.stop)
    return { url: balancer.url, instances, databaseUrl, poolerUrl: pooler?.url, logins, stop: stopAll }
  } catch (error) {
    await stopAll()
    throw error
  }
}
