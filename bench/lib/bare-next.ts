import path from 'node:path'
import { freePort } from '../../scripts/lib/embedded-postgres'
import { ROOT } from '../../scripts/lib/env'
import { bin, stop, waitForHttp } from '../../scripts/lib/processes'
import { spawn } from 'node:child_process'

/** The bare Next app of bench/bare-next: the shop's Next and React with no code of the shop's (issue 29). */
export const BARE_NEXT_DIR = path.join(ROOT, 'bench', 'bare-next')

export type BareNext = { baseUrl: string; stop: () => Promise<void> }

/** Builds the bare app (about 10 s) and serves it with `next start` on a free loopback port. */
export async function startBareNext(): Promise<BareNext> {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' }
  console.log('Building the bare Next page (bench/bare-next) …')
  // Next takes some of its project's files (the proxy) from the working directory, not only from the folder named.
  await new Promise<void>((resolve, reject) => {
    const build = spawn(bin('next'), ['build'], { cwd: BARE_NEXT_DIR, env, stdio: 'inherit' })
    build.on('error', reject)
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The bare Next page's build exited with ${code}`))))
  })
  const port = String(await freePort())
  const server = spawn(bin('next'), ['start', '--port', port, '--hostname', '127.0.0.1'], { cwd: BARE_NEXT_DIR, env, stdio: 'ignore' })
  const baseUrl = `http://127.0.0.1:${port}`
  await waitForHttp(baseUrl, 60000)
  return { baseUrl, stop: () => stop(server) }
}
