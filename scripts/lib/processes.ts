import { type ChildProcess, spawn, type StdioOptions } from 'node:child_process'
import path from 'node:path'
import { ROOT } from './env'

/** A binary from node_modules/.bin, so scripts work without npx. */
export const bin = (name: string): string => path.join(ROOT, 'node_modules', '.bin', name)

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code ?? signal}`)),
    )
  })
}

/** Runs a command to completion with its output kept, to be shown when it is done (beside other output). */
export function runCollected(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', (error) => resolve({ ok: false, output: output + String(error) }))
    child.on('exit', (code) => resolve({ ok: code === 0, output }))
  })
}

/**
 * Node's exit code for a top-level await that never settled. On a heavily loaded machine tsx's
 * module loader (hooks in a worker thread) now and then loses a module of the config's import
 * graph this way, before the script printed anything; run again, it loads.
 */
const UNSETTLED_TOP_LEVEL_AWAIT = 13

/** Runs a command, showing its output, and returns its last line of standard output. */
export async function runForLastLine(command: string, args: string[], env: NodeJS.ProcessEnv, attempts = 3): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await runOnceForLastLine(command, args, env)
    if (outcome.code === 0) return outcome.lastLine
    if (outcome.code === UNSETTLED_TOP_LEVEL_AWAIT && !outcome.printed && attempt < attempts) {
      process.stdout.write(`${path.basename(command)} ${args.join(' ')} ended before loading (exit 13); running it again.\n`)
      continue
    }
    throw new Error(`${command} exited with ${outcome.code}`)
  }
}

function runOnceForLastLine(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; lastLine: string; printed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    let lastJson = ''
    let printed = false
    child.stdout.on('data', (chunk: Buffer) => {
      printed = true
      output += chunk.toString()
      const lines = output.split('\n')
      output = lines.pop() ?? ''
      for (const line of lines) if (!line.startsWith('{')) process.stdout.write(line + '\n')
      const json = lines.filter((line) => line.startsWith('{')).pop()
      if (json) lastJson = json
    })
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, lastLine: lastJson || output, printed }))
  })
}

/** Stops a child process gracefully and waits for it. */
export function stop(child: ChildProcess, timeoutMs = 10000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** Resolves once an HTTP server answers on the URL (any status), or rejects after the timeout. */
export async function waitForHttp(url: string, timeoutMs = 60000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      await fetch(url, { redirect: 'manual' })
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  throw new Error(`No answer from ${url} within ${timeoutMs / 1000} s`)
}

/** The production server's JavaScript heap limit (MB). */
const SERVER_HEAP_MB = 448

/**
 * Starts our server (scripts/serve.ts) in one Node process, so its PID is the process that
 * handles the requests (tsx's own launcher would add a wrapper process in between).
 */
export function startServer({ dev, env, stdio }: { dev: boolean; env: NodeJS.ProcessEnv; stdio: StdioOptions }): ChildProcess {
  // V8 lets a busy server's heap grow far past what it holds (to 760 MB under the benchmark's
  // crowd on Payload's REST API) before it collects; this limit makes it collect sooner. The shop
  // holds far less (uploads are buffers outside this heap).
  const heap = dev ? [] : [`--max-old-space-size=${SERVER_HEAP_MB}`]
  const args = [...heap, '--import', 'tsx', path.join(ROOT, 'scripts', 'serve.ts'), ...(dev ? ['--dev'] : [])]
  return spawn(process.execPath, args, { cwd: ROOT, env, stdio })
}
