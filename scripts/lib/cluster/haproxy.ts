/**
 * HAProxy (Debian's package) as the cluster's load balancer: round robin over the shop instances,
 * request by request, without sticky sessions; an instance whose health check (GET /api/health/)
 * fails is taken out until it answers again. Every answer names the instance that gave it in
 * INSTANCE_HEADER, so tests and people can see the alternation.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '../embedded-postgres'
import { stopService } from './postgres'

export const HAPROXY = '/usr/sbin/haproxy'

/** The response header in which the balancer names the instance that answered. */
export const INSTANCE_HEADER = 'x-shop-instance'

/** The address the balancer connects to the instances from: the shop's TRUSTED_PROXY_ADDRESSES. */
export const BALANCER_ADDRESS = '127.0.0.1'

export type Backend = { name: string; port: number }
export type Balancer = { url: string; port: number; stop: () => Promise<void> }

/** The configuration file's text. */
export function haproxyConfig({ port, backends }: { port: number; backends: Backend[] }): string {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    // Longer than any upload or download the shop serves.
    '  timeout client 300s',
    '  timeout server 300s',
    // Appends the client's address to X-Forwarded-For: the one entry the shop trusts (TRUSTED_PROXY_HOPS=1).
    '  option forwardfor',
    'frontend shop',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/health/',
    '  http-check expect status 200',
    `  http-response set-header ${INSTANCE_HEADER} %s`,
    ...backends.map(({ name, port: backendPort }) => `  server ${name} ${BALANCER_ADDRESS}:${backendPort} check inter 1s fall 2 rise 1`),
    '',
  ].join('\n')
}

/** Starts HAProxy in the foreground with its configuration in `folder`; resolves once it accepts connections. */
export async function startHaproxy(folder: string, backends: Backend[], port?: number): Promise<Balancer> {
  mkdirSync(folder, { recursive: true })
  const ownPort = port ?? (await freePort())
  const configFile = path.join(folder, 'haproxy.cfg')
  writeFileSync(configFile, haproxyConfig({ port: ownPort, backends }))
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] })
  let output = ''
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
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
    if (Date.now() > deadline) throw new Error(`haproxy did not pass requests within 10 s: ${output.trim()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { url, port: ownPort, stop: () => stopService(child, 'SIGTERM') }
}
