/**
 * Helpers of the fault tests (tests/deployment/faults-database.test.ts, faults-disk.test.ts): a
 * real stop of a shop's own PostgreSQL and its start on the same port, and the shop's calls as a
 * visitor makes them.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { type Database, startDatabase } from '../../../scripts/lib/embedded-postgres'

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Stops the database as an operator's restart does: `stop()` sends SIGINT to the postmaster, which
 * is PostgreSQL's fast shutdown (open sessions are ended, nothing is lost); through it, so that the
 * embedded-postgres instance knows its server is gone. Resolves once the postmaster (by the pid in
 * its postmaster.pid) is gone and has removed that file.
 */
export async function stopPostgresFast(database: Database): Promise<void> {
  const pidFile = path.join(database.clusterDir!, 'postmaster.pid')
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0]!, 10)
  await database.stop()
  for (let waited = 0; alive(pid) || existsSync(pidFile); waited += 50) {
    if (waited > 20_000) throw new Error(`PostgreSQL (pid ${pid}) did not stop within 20 s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Starts the stopped embedded database of `dataDir` again on its old port (the shop's DATABASE_URL). */
export async function startPostgresAgain(dataDir: string, url: string): Promise<Database> {
  const shared = process.env.DATABASE_URL
  delete process.env.DATABASE_URL
  try {
    return await startDatabase(dataDir, () => {}, { port: Number(new URL(url).port) })
  } finally {
    if (shared !== undefined) process.env.DATABASE_URL = shared
  }
}

/** One query against a shop's own database (the tests' Local API is bound to the shared shop's). */
export async function queryDatabase<Row extends Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<Row>(text, values)).rows
  } finally {
    await client.end()
  }
}

export type Answer = { status: number; contentType: string; text: string; json: Record<string, unknown> | null; retryAfter: string | null }

/** A request to one of the tests' own shops; the body is read as text and, when it is JSON, parsed. */
export async function call(baseUrl: string, pathname: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(baseUrl + pathname, { redirect: 'manual', ...init })
  const text = await response.text()
  const contentType = response.headers.get('content-type') ?? ''
  let json: Record<string, unknown> | null = null
  if (contentType.includes('json')) {
    try {
      json = JSON.parse(text)
    } catch {
      json = null
    }
  }
  return { status: response.status, contentType, text, json, retryAfter: response.headers.get('retry-after') }
}

/** Logs a customer in through the storefront's login; returns the token for `Authorization: JWT …`. */
export async function logIn(baseUrl: string, username: string, password: string): Promise<string> {
  const answer = await call(baseUrl, '/api/accounts/login/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  if (answer.status !== 200 || typeof answer.json?.access !== 'string') throw new Error(`login of ${username} failed: ${answer.status} ${answer.text}`)
  return answer.json.access
}

/** A stack trace or an error's inner words, which no visitor may ever see. */
export const LEAKS_AN_ERROR = /\n\s+at |ECONNREFUSED|DrizzleQueryError|Failed query|node_modules/
