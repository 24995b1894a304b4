/**
 * PgBouncer (Debian's package) in transaction mode in front of the cluster's PostgreSQL: the pooler
 * managed PostgreSQL services put in front of their databases. In transaction mode a client's
 * session is lent a server connection only for the length of one transaction, so session state
 * (LISTEN, session advisory locks, prepared statements by name) does not survive from one
 * transaction to the next.
 */
import path from 'node:path'
import { freePort } from '../free-port'
import { type PostgresServer, serviceFolder, spawnService, stopService, writeServiceFile } from './postgres'

export const PGBOUNCER = '/usr/sbin/pgbouncer'

/** Server connections per instance's pool: as many as the shop's own pool may ask for at once. */
const POOL_SIZE = 20

export type Pooler = { url: string; port: number; stop: () => Promise<void> }

/** The configuration file's text: one database, password login with the owner's password, transaction pooling. */
export function pgbouncerConfig({ database, port, authFile }: { database: PostgresServer; port: number; authFile: string }): string {
  return [
    '[databases]',
    `${database.database} = host=${database.host} port=${database.port} dbname=${database.database}`,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = scram-sha-256',
    `auth_file = ${authFile}`,
    'pool_mode = transaction',
    `default_pool_size = ${POOL_SIZE}`,
    'max_client_conn = 500',
    // node-postgres and Payload send these start-up parameters; PgBouncer passes on only those it knows.
    'ignore_startup_parameters = extra_float_digits,options',
    '',
  ].join('\n')
}

/** Starts PgBouncer for `database` with its files in `folder`; its URL carries the same login. */
export async function startPgbouncer(folder: string, database: PostgresServer, log: (text: string) => void = () => {}): Promise<Pooler> {
  serviceFolder(folder)
  const port = await freePort()
  const authFile = path.join(folder, 'userlist.txt')
  const configFile = path.join(folder, 'pgbouncer.ini')
  writeServiceFile(authFile, `"${database.user}" "${database.password}"\n`)
  writeServiceFile(configFile, pgbouncerConfig({ database, port, authFile }))
  const child = await spawnService(PGBOUNCER, [configFile], { cwd: folder, ready: /listening on 127\.0\.0\.1:\d+/, log })
  return {
    url: `postgres://${database.user}:${database.password}@127.0.0.1:${port}/${database.database}`,
    port,
    stop: () => stopService(child, 'SIGINT'),
  }
}
