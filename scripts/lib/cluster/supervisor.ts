/**
 * Keeps a shop instance of the cluster running, as a process manager would (issue 31): an exit it
 * did not ask for is reported at once (which instance, how it ended, its last log lines), and the
 * instance is started again on the same port, after a back-off that doubles while it keeps dying
 * soon after its start (1 s, 2 s, 4 s … 30 s).
 */
import { type ChildProcess } from 'node:child_process'
import { stop } from '../processes'

/** Log lines kept for the report of an exit. */
const KEPT_LINES = 12
const FIRST_BACKOFF_MS = 1000
const LONGEST_BACKOFF_MS = 30_000
/** An instance that ran this long before it died was well: its restart waits the first back-off again. */
const RAN_WELL_MS = 60_000
/** How long a start may take until the instance answers (Next loads for a while on a busy machine). */
const START_TIMEOUT_MS = 90_000
/** How long a stop may take (the instance drains first: SHUTDOWN_DRAIN_SECONDS) before it is killed. */
const STOP_TIMEOUT_MS = 30_000

export type SupervisedOptions = {
  name: string
  /** Spawns the process with its standard output and error piped. */
  spawn: () => ChildProcess
  /** One look whether the process answers (its health check). */
  answers: () => Promise<boolean>
  /** Where the process's own output goes, line by line (unset: only kept for the report). */
  output?: (line: string) => void
  /** What the supervisor has to say. */
  report: (line: string) => void
}

export type Supervised = {
  /** The running process's id (a restarted instance has a new one). */
  pid: () => number
  /** Stops the process for good (SIGTERM, SIGKILL after STOP_TIMEOUT_MS); no restart follows. */
  stop: () => Promise<void>
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

function howItEnded(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`
}

/** Starts the process and resolves once it answers; a start that fails throws, with its last log lines, and leaves nothing running. */
export async function supervise({ name, spawn, answers, output, report }: SupervisedOptions): Promise<Supervised> {
  let child: ChildProcess
  let startedAt = 0
  let lastLines: string[] = []
  let stopping = false
  let backoffMs = 0
  let restartTimer: NodeJS.Timeout | undefined
  const killOnExit = () => child?.kill('SIGKILL')
  process.on('exit', killOnExit)

  const launch = (): ChildProcess => {
    const launched = spawn()
    startedAt = Date.now()
    lastLines = []
    for (const stream of [launched.stdout, launched.stderr]) {
      let partial = ''
      stream?.on('data', (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split('\n')
        partial = lines.pop() ?? ''
        for (const line of lines) {
          lastLines.push(line)
          output?.(line)
        }
        if (lastLines.length > KEPT_LINES) lastLines = lastLines.slice(-KEPT_LINES)
      })
    }
    child = launched
    return launched
  }

  /** Resolves once `launched` answers; rejects when it exits first or does not answer in time (then it is killed). */
  const untilAnswering = async (launched: ChildProcess): Promise<void> => {
    const deadline = Date.now() + START_TIMEOUT_MS
    while (launched.exitCode === null && launched.signalCode === null) {
      if (await answers()) return
      if (Date.now() > deadline) {
        launched.kill('SIGKILL')
        throw new Error(`Instance ${name} did not answer within ${START_TIMEOUT_MS / 1000} s.`)
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new Error(`Instance ${name} ${howItEnded(launched.exitCode, launched.signalCode)} before it answered.`)
  }

  const lastLinesText = () => (lastLines.length ? lastLines.map((line) => `    | ${line}`).join('\n') : '    (no output)')

  const restart = async (exitedAt: number) => {
    const launched = launch()
    launched.once('exit', onExit(launched))
    try {
      await untilAnswering(launched)
      if (!stopping) report(`Instance ${name} (pid ${launched.pid}) answers again, ${seconds(Date.now() - exitedAt)} after its exit.`)
    } catch {
      // Its exit is reported and the next restart scheduled by onExit.
    }
  }

  const onExit = (launched: ChildProcess) => (code: number | null, signal: NodeJS.Signals | null) => {
    if (stopping || launched !== child) return
    const exitedAt = Date.now()
    const ranMs = exitedAt - startedAt
    backoffMs = ranMs >= RAN_WELL_MS || backoffMs === 0 ? FIRST_BACKOFF_MS : Math.min(backoffMs * 2, LONGEST_BACKOFF_MS)
    report(
      `Instance ${name} (pid ${launched.pid}) ${howItEnded(code, signal)} after ${seconds(ranMs)}. Its last log lines:\n${lastLinesText()}\n` +
        `Starting instance ${name} again in ${seconds(backoffMs)}.`,
    )
    restartTimer = setTimeout(() => void restart(exitedAt), backoffMs)
  }

  const first = launch()
  try {
    await untilAnswering(first)
  } catch (error) {
    process.removeListener('exit', killOnExit)
    await stop(first, STOP_TIMEOUT_MS)
    throw new Error(`${(error as Error).message} Its last log lines:\n${lastLinesText()}`)
  }
  first.once('exit', onExit(first))

  return {
    pid: () => child.pid!,
    stop: async () => {
      stopping = true
      clearTimeout(restartTimer)
      await stop(child, STOP_TIMEOUT_MS)
      process.removeListener('exit', killOnExit)
    },
  }
}
