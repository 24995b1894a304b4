import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../../scripts/lib/embedded-postgres'
import { ROOT } from '../../scripts/lib/env'
import { bin, stop, waitForHttp } from '../../scripts/lib/processes'

/** The bare Next app of bench/bare-next: the shop's Next and React with no code of the shop's (issue 29). */
export const BARE_NEXT_DIR = path.join(ROOT, 'bench', 'bare-next')

export type BareNext = { baseUrl: string; stop: () => Promise<void> }

/**
 * Builds the bare app (about 10 s) in a temporary copy outside the shop's tree (see its
 * next.config.mjs) and serves it with `next start` on a free loopback port.
 */
export async function startBareNext(): Promise<BareNext> {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bare-next-'))
  cpSync(BARE_NEXT_DIR, dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}.next`) })
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'))
  const removeCopy = () => rmSync(dir, { recursive: true, force: true })
  console.log('Building the bare Next page (bench/bare-next) …')
  await new Promise<void>((resolve, reject) => {
    const build = spawn(bin('next'), ['build'], { cwd: dir, env, stdio: 'inherit' })
    build.on('error', reject)
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The bare Next page's build exited with ${code}`))))
  }).catch((error: unknown) => {
    removeCopy()
    throw error
  })
  const port = String(await freePort())
  const server = spawn(bin('next'), ['start', '--port', port, '--hostname', '127.0.0.1'], { cwd: dir, env, stdio: 'ignore' })
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitForHttp(baseUrl, 60000)
  } catch (error) {
    await stop(server)
    removeCopy()
    throw error
  }
  return {
    baseUrl,
    stop: async () => {
      await stop(server)
      removeCopy()
    },
  }
}
