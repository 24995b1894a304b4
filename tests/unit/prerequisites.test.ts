import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ROOT } from '../../scripts/lib/env'
import { installCommand, mayInstall, missingMessage, missingPrerequisites, PREREQUISITES } from '../../scripts/lib/prerequisites'

/**
 * npm test's one prerequisites step (scripts/lib/prerequisites.ts): every system program a lane
 * needs is checked before anything is built; as root on Debian it is installed, elsewhere the run
 * stops within seconds naming each missing program and the command that installs them.
 */

const nothing = () => false
const everything = () => true

describe('the list of system programs', () => {
  it('finds nothing missing on a machine that has them all', () => {
    expect(missingPrerequisites(['jest', 'e2e', 'deployment'], { PATH: '/usr/bin' }, everything)).toEqual([])
  })

  it('names every program of every lane on a machine with Node and npm only, each with its Debian package', () => {
    const missing = missingPrerequisites(['jest', 'e2e', 'deployment'], { PATH: '/opt/node/bin' }, nothing)
    expect(missing.map(({ program, debianPackage }) => [program, debianPackage])).toEqual([
      ['/usr/bin/chromium-headless-shell', 'chromium-headless-shell'],
      ['ffmpeg', 'ffmpeg'],
      ['/usr/lib/postgresql/15/bin/postgres', 'postgresql-15'],
      ['/usr/lib/postgresql/15/bin/pg_dump', 'postgresql-client-15'],
      ['/usr/sbin/pgbouncer', 'pgbouncer'],
      ['/usr/sbin/haproxy', 'haproxy'],
    ])
    expect(missing.length).toBe(PREREQUISITES.length)
  })

  it('asks only for what the lanes that run need, and looks where the variables point', () => {
    const env = { PATH: '/opt/node/bin', E2E_CHROMIUM_PATH: '/opt/chromium/headless_shell', FFMPEG_PATH: '/opt/ffmpeg' }
    expect(missingPrerequisites(['e2e'], env, nothing).map((entry) => entry.program)).toEqual(['/opt/chromium/headless_shell'])
    expect(missingPrerequisites(['e2e'], env, (file) => file === '/opt/chromium/headless_shell')).toEqual([])
    expect(missingPrerequisites(['jest'], env, nothing).map((entry) => entry.program)).toEqual(['/opt/ffmpeg'])
    expect(missingPrerequisites(['jest'], { PATH: '/a:/b' }, (file) => file === '/b/ffmpeg')).toEqual([])
  })

  it('says the one command that installs them: with sudo for a user, without for root', () => {
    const missing = missingPrerequisites(['jest', 'deployment'], { PATH: '' }, (file) => !file.endsWith('haproxy') && !file.includes('postgresql'))
    expect(installCommand(missing, false)).toBe('sudo apt-get update && sudo apt-get install -y ffmpeg postgresql-15 postgresql-client-15 haproxy')
    expect(installCommand(missing, true)).toBe('apt-get update && apt-get install -y ffmpeg postgresql-15 postgresql-client-15 haproxy')
    expect(missingMessage(missing, false)).toMatch(
      /^npm test cannot run: 4 system programs are missing\.\n {2}ffmpeg: .*\(the Jest tests, the deployment tests; Debian package ffmpeg\)\n/,
    )
  })

  it('installs only as root (on this Debian machine)', () => {
    expect(mayInstall(0)).toBe(true)
    expect(mayInstall(1000)).toBe(false)
  })
})

describe('npm test on a machine without them, as a user', () => {
  it('stops within seconds, before building, naming each missing program and the command', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'prerequisites-'))
    try {
      const nodeOnly = path.join(folder, 'bin')
      mkdirSync(nodeOnly)
      symlinkSync(process.execPath, path.join(nodeOnly, 'node'))
      // As root, the run would install them: it runs as nobody, as a developer without root would.
      const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}
      const started = Date.now()
      const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'test.ts'), '--no-deployment'], {
        cwd: ROOT,
        env: { NODE_ENV: 'test', PATH: nodeOnly, FFMPEG_PATH: '/nonexistent/ffmpeg', E2E_CHROMIUM_PATH: '/nonexistent/chromium-headless-shell' },
        encoding: 'utf8',
        timeout: 60_000,
        ...asUser,
      })
      const seconds = (Date.now() - started) / 1000
      expect(run.status).toBe(1)
      expect(run.stderr).toContain('npm test cannot run: 2 system programs are missing.')
      expect(run.stderr).toContain('  /nonexistent/chromium-headless-shell: ')
      expect(run.stderr).toContain('  /nonexistent/ffmpeg: ')
      expect(run.stderr).toContain('  sudo apt-get update && sudo apt-get install -y chromium-headless-shell ffmpeg\n')
      expect(run.stdout).not.toMatch(/Building|Installing/)
      expect(seconds).toBeLessThan(15)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
