/**
 * HAProxy (Debian's package) as the cluster's load balancer: round robin over the shop instances,
 * request by request, without sticky sessions; an instance whose health check (GET /api/health/)
 * fails is taken out until it answers again, and a request an instance refused or dropped unanswered
 * goes to the other (issue 31: no visitor notices an instance that dies or stops). Every answer
 * names the instance that gave it in INSTANCE_HEADER, so tests and people can see the alternation.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '../free-port'
import { stopService } from './postgres'

export const HAPROXY = '/usr/sbin/haproxy'

/** The response header in which the balancer names the instance that answered. */
export const INSTANCE_HEADER = 'x-shop-instance'

/** The address the balancer connects to the instances from: the shop's TRUSTED_PROXY_ADDRESSES. */
export const BALANCER_ADDRESS = '127.0.0.1'

export type Backend = { name: string; port: number }
export type Balancer = { url: string; port: number; stop: () => Promise<void> }

/**
 * How fast the balancer notices an instance: a health check every second while it is up, every
 * 250 ms after one failed (two failures take it out) and every 500 ms while it is out (two
 * passes bring it back); a connection refused by it on a visitor's request takes it out at once.
 * A check may take 3 s before it counts as failed, so a busy instance is not taken out for a slow
 * answer.
 */
export const HEALTH_CHECK = 'check inter 1s fastinter 250ms downinter 500ms fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down'

/**
 * The instances' SHUTDOWN_DRAIN_SECONDS: a stopping instance fails its health check this long
 * before it stops taking connections. Two failed checks take it out within 1.25 s plus the checks'
 * own time; the rest is margin for a busy machine.
 */
export const DRAIN_SECONDS = 3

/** The configuration file's text (docs/operations.md shows it, commented, as the production example). */
export function haproxyConfig({ port, backends }: { port: number; backends: Backend[] }): string {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    // A live instance accepts at once; a dead one refuses at once, so a short wait only matters for a hung machine.
    '  timeout connect 1s',
    // Longer than any upload or download the shop serves.
    '  timeout client 300s',
    '  timeout server 300s',
    '  timeout check 3s',
    // Appends the client's address to X-Forwarded-For: the one entry the shop trusts (TRUSTED_PROXY_HOPS=1).
    '  option forwardfor',
    'frontend shop',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    // Failover: a request the instance refused, or dropped before answering (it died), goes to another
    // instance, up to 3 times. Only a connection that could not be made is retried for every request;
    // a dropped one only for requests that are safe to send twice: GET and HEAD, and an order placed
    // with an Idempotency-Key (the shop gives a repeated key the first order back).
    // A dropped request can only be sent again when HAProxy holds all of it: without this it forwards
    // the headers before the body has arrived, and an order dropped then reached the visitor as a
    // closed connection (a run with the machine busy, CI). Bodies larger than a buffer still stream.
    '  option http-buffer-request',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response junk-response',
    '  http-request disable-l7-retry unless METH_GET || { method POST } { path /api/orders/ } { req.hdr(idempotency-key) -m found }',
    '  option httpchk',
    '  http-check send meth GET uri /api/health/',
    // 503 while the instance's database is away, or while it drains before stopping (SIGTERM).
    '  http-check expect status 200',
    `  http-response set-header ${INSTANCE_HEADER} %s`,
    `  default-server ${HEALTH_CHECK}`,
    ...backends.map(({ name, port: backendPort }) => `  server ${name} ${BALANCER_ADDRESS}:${backendPort}`),
    '',
  ].join('\n')
}

/** A change of an instance's state as the balancer saw it: `up` again, or taken out (`down`), and why. */
export type ServerState = { instance: string; up: boolean; reason: string }

/** HAProxy's own line for a server taken out or brought back (it prints it with -db). */
const SERVER_STATE_LINE = /^\[WARNING\].*?Server instances\/(\S+) is (UP|DOWN)(?:, reason: ([^,]+(?:, info: "[^"]*")?))?/

/**
 * Starts HAProxy in the foreground with its configuration in `folder`; resolves once it accepts
 * connections. `onServerState` hears each instance it takes out or brings back.
 */
export async function startHaproxy(
  folder: string,
  backends: Backend[],
  { port, onServerState = () => {} }: { port?: number; onServerState?: (change: ServerState) => void } = {},
): Promise<Balancer> {
  mkdirSync(folder, { recursive: true })
  const ownPort = port ?? (await freePort())
  const configFile = path.join(folder, 'haproxy.cfg')
  writeFileSync(configFile, haproxyConfig({ port: ownPort, backends }))
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] })
  let output = ''
  let partial = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString()
    output = (output + text).slice(-4000)
    const lines = (partial + text).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) {
      const change = SERVER_STATE_LINE.exec(line)
      if (change) onServerState({ instance: change[1]!, up: change[2] === 'UP', reason: change[3] ?? '' })
    }
  })
  const stopOnExit = () => child.kill('SIGKILL')
  process.once('exit', stopOnExit)
  child.once('exit', () => process.removeListener('exit', stopOnExit))
  const url = `http://127.0.0.1:${ownPort}`
  const deadline = Date.now() + 10_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy ended (code ${child.exitCode}): ${output.trim()}`)
    const answered = await fetch(`${url}/api/health/`).then(
      (response) => response.ok,
      () => false,
    )
    if (answered) break
    if (Date.now() > deadline) {
      await stopService(child, 'SIGTERM')
      throw new Error(`haproxy did not pass requests within 10 s: ${output.trim()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { url, port: ownPort, stop: () => stopService(child, 'SIGTERM') }
}
