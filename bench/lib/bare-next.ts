import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../../scripts/lib/embedded-postgres'
import { ROOT } from '../../scripts/lib/env'
import { bin, stop, waitForHttp } from '../../scripts/lib/processes'

/** The bare Next app of bench/bare-next: the shop's Next and React with no code of the shop's (issue 29). */
export const BARE_NEXT_DIR = path.join(ROOT, 'bench', 'bare-next')

export type BareNextBuild = { dir: string; remove: () => void }
export type BareNext = { baseUrl: string; stop: () => Promise<void> }

const ENV: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' }

/**
 * Builds the bare app (10 to 30 s) in a temporary copy outside the shop's tree (see its
 * next.config.mjs); `quiet` keeps Next's output for an error only.
 */
export async function buildBareNext({ quiet = false } = {}): Promise<BareNextBuild> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bare-next-'))
  cpSync(BARE_NEXT_DIR, dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}.next`) })
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  if (!quiet) console.log('Building the bare Next page (bench/bare-next) …')
  await new Promise<void>((resolve, reject) => {
    const build = spawn(bin('next'), ['build'], { cwd: dir, env: ENV, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    let output = ''
    build.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    build.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    build.on('error', reject)
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The bare Next page's build exited with ${code}\n${output}`))))
  }).catch((error: unknown) => {
    remove()
    throw error
  })
  return { dir, remove }
}

/** Builds the bare app and serves it with `next start` on a free loopback port. */
export async function startBareNext(): Promise<BareNext> {
  const build = await buildBareNext()
  const port = String(await freePort())
  const server = spawn(bin('next'), ['start', '--port', port, '--hostname', '127.0.0.1'], { cwd: build.dir, env: ENV, stdio: 'ignore' })
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitForHttp(baseUrl, 60000)
  } catch (error) {
    await stop(server)
    build.remove()
    throw error
  }
  return {
    baseUrl,
    stop: async () => {
      await stop(server)
      build.remove()
    },
  }
}
