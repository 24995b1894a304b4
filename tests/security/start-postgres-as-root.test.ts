import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

/**
 * Issue 8, start and configuration: run as root with DATA_DIR inside a folder other users cannot
 * enter (mode 700, as `mktemp -d` makes it), the embedded PostgreSQL (which runs as the OS user
 * "postgres") keeps its data in a place of its own under EMBEDDED_POSTGRES_HOME, never loosening
 * the user's folder; where that place cannot be made, the start stops with one sentence.
 * Real processes: scripts/with-database.ts starts the database and runs a query through it.
 */

const runAsRoot = process.getuid?.() === 0 ? describe : describe.skip

type Run = { code: number; stdout: string; stderr: string }

/** `npm run with-db -- node -e <script>` with the given DATA_DIR and EMBEDDED_POSTGRES_HOME. */
async function withDatabase(dataDir: string, home: string, script: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, EMBEDDED_POSTGRES_HOME: home }
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'PAYLOAD_SECRET', 'PORT']) delete env[name]
  try {
    const { stdout, stderr } = await promisify(execFile)(
      path.resolve('node_modules/.bin/tsx'),
      ['scripts/with-database.ts', process.execPath, '--input-type=module', '-e', script],
      { env, timeout: 120_000 },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: typeof failed.code === 'number' ? failed.code : 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

/** Statements over DATABASE_URL; the last one's rows are printed as one JSON line. */
const query = (sql: string) => `
  import pg from 'pg'
  const client = new pg.Client(process.env.DATABASE_URL)
  await client.connect()
  const results = [await client.query(${JSON.stringify(sql)})].flat()
  console.log(JSON.stringify(results.at(-1).rows))
  await client.end()`

const lastJson = (output: string) => JSON.parse(output.trim().split('\n').at(-1)!)

runAsRoot('the embedded PostgreSQL as root, with DATA_DIR in a folder others cannot enter', () => {
  const scratch: string[] = []
  afterAll(() => scratch.forEach((folder) => rmSync(folder, { recursive: true, force: true })))

  it('keeps the data in a place of its own, owned by postgres, across restarts, and leaves the user’s folder at mode 700', async () => {
    const closed = mkdtempSync(path.join(os.tmpdir(), 'shop-closed-'))
    const home = path.join(mkdtempSync(path.join(os.tmpdir(), 'shop-pg-home-')), 'postgres-home')
    chmodSync(path.dirname(home), 0o755) // our own test folder, standing in for /var/lib
    scratch.push(closed, path.dirname(home))
    expect(statSync(closed).mode & 0o777).toBe(0o700)
    const dataDir = path.join(closed, 'data')

    const first = await withDatabase(
      dataDir,
      home,
      query('create table kept (note text); insert into kept values ($$still here$$); select current_setting($$data_directory$$) as folder'),
    )
    expect(first).toMatchObject({ code: 0, stderr: '' })
    const [{ folder }] = lastJson(first.stdout)
    expect(folder.startsWith(path.join(home, 'clusters') + path.sep)).toBe(true)
    expect(first.stdout).toContain(`This shop's database lives in ${folder}`)
    const cluster = statSync(folder)
    expect(cluster.uid).not.toBe(0)
    expect(cluster.mode & 0o777).toBe(0o700)

    const second = await withDatabase(dataDir, home, query('select note from kept'))
    expect(second).toMatchObject({ code: 0 })
    expect(lastJson(second.stdout)).toEqual([{ note: 'still here' }])
    expect(second.stdout).not.toContain('lives in') // said once, when the database was made

    expect(statSync(closed).mode & 0o777).toBe(0o700)
  }, 180_000)

  it('stops with one sentence when that place cannot be made', async () => {
    const closed = mkdtempSync(path.join(os.tmpdir(), 'shop-closed-'))
    scratch.push(closed)
    const run = await withDatabase(path.join(closed, 'data'), '/proc/no-place-for-postgres', query('select 1'))
    expect(run.code).toBe(1)
    const lines = run.stderr
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('npm warn'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/cannot enter .*EMBEDDED_POSTGRES_HOME.*DATABASE_URL\.$/)
    expect(run.stderr).not.toMatch(/\n\s+at /) // no stack trace
  }, 60_000)
})
