/**
 * `npm run cluster` as an operator runs it (issue 31): scripts/cluster.ts in a process group of its
 * own, its output read line by line, and what is left of it after it ended; plus a stream of
 * requests through its balancer that counts every answer that was not a success.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT } from '../../../scripts/lib/env'
import { bin } from '../../../scripts/lib/processes'
import { send } from './cluster'

export type SeenLine = { text: string; at: number }

export type ClusterScript = {
  /** The process group: the script (tsx) and everything it started that did not leave the group. */
  group: number
  child: ChildProcess
  lines: SeenLine[]
  /** The first line from `since` on that matches, waiting for it up to `timeoutMs`. */
  waitForLine: (pattern: RegExp, options?: { timeoutMs?: number; since?: number }) => Promise<SeenLine & { match: RegExpExecArray }>
  /** Resolves with the exit code (or signal) once the script ended. */
  exited: Promise<number | string>
  output: () => string
}

/** Starts `npm run cluster`'s script with `env` as the whole environment, in a process group of its own (as a terminal would). */
export function startClusterScript(env: NodeJS.ProcessEnv): ClusterScript {
  const child = spawn(bin('tsx'), ['scripts/cluster.ts'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  const lines: SeenLine[] = []
  const waiters = new Set<() => void>()
  for (const stream of [child.stdout!, child.stderr!]) {
    let partial = ''
    stream.on('data', (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split('\n')
      partial = parts.pop() ?? ''
      for (const text of parts) lines.push({ text, at: Date.now() })
      for (const wake of waiters) wake()
    })
  }
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)))
  void exited.then(() => {
    for (const wake of waiters) wake()
  })
  const output = () => lines.map((line) => line.text).join('\n')
  const waitForLine: ClusterScript['waitForLine'] = (pattern, { timeoutMs = 60_000, since = 0 } = {}) =>
    new Promise((resolve, reject) => {
      const look = () => {
        for (const line of lines) {
          if (line.at < since) continue
          const match = pattern.exec(line.text)
          if (match) return finish(() => resolve({ ...line, match }))
        }
        if (child.exitCode !== null || child.signalCode !== null) finish(() => reject(new Error(`The cluster ended before printing ${pattern}:\n${output()}`)))
      }
      const timer = setTimeout(() => finish(() => reject(new Error(`No line ${pattern} within ${timeoutMs / 1000} s:\n${output()}`))), timeoutMs)
      const finish = (settle: () => void) => {
        clearTimeout(timer)
        waiters.delete(look)
        settle()
      }
      waiters.add(look)
      look()
    })
  return { group: child.pid!, child, lines, waitForLine, exited, output }
}

/** Processes still alive in the process group `group`, or whose command line or environment names `folder`. */
export function processesLeft(group: number, folder: string): string[] {
  const left: string[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    try {
      const stat = readFileSync(path.join('/proc', entry, 'stat'), 'utf8')
      // The fields after the command's name (in parentheses): state, ppid, pgrp.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (state === 'Z') continue
      const cmdline = readFileSync(path.join('/proc', entry, 'cmdline'), 'utf8').replaceAll('\0', ' ')
      const environ = readFileSync(path.join('/proc', entry, 'environ'), 'utf8')
      if (Number(pgrp) === group || cmdline.includes(folder) || environ.includes(folder)) left.push(`${entry}: ${cmdline.trim()}`)
    } catch {
      // It ended while we looked.
    }
  }
  return left
}

/**
 * `cut`: answers that had begun and broke off (Node's "aborted"): the instance was killed while it
 * was sending them. No balancer can send a request again once part of its answer has gone to the
 * visitor, so a SIGKILL can cut the few answers under way at that instant (docs/operations.md).
 */
export type StreamFigures = { sent: number; failed: string[]; cut: string[]; byInstance: Record<string, number> }

/**
 * `clients` visitors each sending GET `url` one after another (a short pause between), until
 * `stop()`; every answer other than 200, and every request that got no answer, counts as failed.
 */
export function requestStream(url: string, clients = 4, pauseMs = 15) {
  const figures: StreamFigures = { sent: 0, failed: [], cut: [], byInstance: {} }
  let running = true
  const visitor = async () => {
    while (running) {
      const sentAt = new Date().toISOString()
      try {
        const answer = await send(url)
        if (answer.status === 200) figures.byInstance[answer.instance] = (figures.byInstance[answer.instance] ?? 0) + 1
        else figures.failed.push(`${sentAt} ${answer.status} from ${answer.instance || 'the balancer'}: ${answer.body.toString().slice(0, 200)}`)
      } catch (error) {
        // Not `instanceof Error`: Node's own errors come from outside Jest's sandbox, whose Error differs
        // (an answer cut off at the kill was counted as failed in CI).
        if ((error as { message?: unknown } | null)?.message === 'aborted') figures.cut.push(`${sentAt} cut off: ${String(error)}`)
        else figures.failed.push(`${sentAt} no answer: ${String(error)}`)
      }
      figures.sent += 1
      await new Promise((resolve) => setTimeout(resolve, pauseMs))
    }
  }
  const visitors = Promise.all(Array.from({ length: clients }, visitor))
  return {
    figures,
    /** Stops the visitors once their requests in flight are answered. */
    stop: async () => {
      running = false
      await visitors
      return figures
    },
  }
}
