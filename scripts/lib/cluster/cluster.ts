/**
 * Two shop instances on one PostgreSQL behind HAProxy (`npm run cluster`, the cluster test and
 * bench/cluster.ts). What the instances share is what a deployment on several machines shares:
 * the database (Debian's PostgreSQL 15 started here, or DATABASE_URL), the files (one MEDIA_DIR and
 * DATA_DIR, or S3 when S3_BUCKET is set, passed on in the environment) and PAYLOAD_SECRET (logins
 * and signed links made by one are valid on the other). Instance "b" may reach the database
 * through PgBouncer in transaction mode while "a" connects directly.
 */
import { type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { freePort } from '../embedded-postgres'
import { bin, runForLastLine, startServer, stop, waitForHttp } from '../processes'
import { BALANCER_ADDRESS, type Balancer, startHaproxy } from './haproxy'
import { type Pooler, startPgbouncer } from './pgbouncer'
import { type PostgresServer, startDebianPostgres } from './postgres'

export type Instance = {
  name: string
  url: string
  port: number
  /** The database URL it uses (PgBouncer's for an instance behind it). */
  databaseUrl: string
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
  /** Where the instances' output goes. */
  output?: 'inherit' | 'ignore'
  log?: (line: string) => void
  /**
   * Brings the empty database up to date before the instances start; by default
   * scripts/prepare-database.ts (migrations, the seller's account, the demo content when
   * SEED_DEMO_CONTENT is set). The tests restore a seeded copy instead.
   */
  prepareDatabase?: (env: NodeJS.ProcessEnv) => Promise<Cluster['logins']>
}

const runPrepareDatabase = async (env: NodeJS.ProcessEnv): Promise<Cluster['logins']> =>
  JSON.parse(await runForLastLine(bin('tsx'), ['scripts/prepare-database.ts'], env)) as Cluster['logins']

export const INSTANCE_NAMES = ['a', 'b'] as const

async function startInstance(name: string, env: NodeJS.ProcessEnv, output: 'inherit' | 'ignore'): Promise<Instance> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = startServer({ dev: false, env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', output, output] })
  await waitForHttp(`${url}/api/health/`, 90_000)
  return { name, url, port, databaseUrl: env.DATABASE_URL!, pid: () => child.pid!, stop: () => stop(child) }
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
    }
    const logins = await (options.prepareDatabase ?? runPrepareDatabase)(shared)
    // Both at once: each start is mostly waiting for Next to load.
    const instances = await Promise.all(
      INSTANCE_NAMES.map((name) =>
        startInstance(name, { ...shared, DATABASE_URL: options.throughPgbouncer?.includes(name) ? pooler!.url : databaseUrl }, output),
      ),
    )
    for (const instance of instances) stoppers.push(instance.stop)
    const balancer: Balancer = await startHaproxy(path.join(dir, 'haproxy'), instances, balancerPort)
    stoppers.push(balancer.stop)
    return { url: balancer.url, instances, databaseUrl, poolerUrl: pooler?.url, logins, stop: stopAll }
  } catch (error) {
    await stopAll()
    throw error
  }
}
