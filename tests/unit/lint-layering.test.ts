import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// npm test runs Jest from the project's root.
const ROOT = process.cwd()
const probeDir = path.join(ROOT, 'src', 'orders', '__lint_probe__')

/** ESLint (the project's eslint.config.mjs) on some files: the rule ids it reports, per file name. */
function lint(files: string[]): Record<string, string[]> {
  const result = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'eslint'), ['--format', 'json', ...files], { cwd: ROOT, encoding: 'utf8' })
  const reports = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string | null }[] }[]
  return Object.fromEntries(reports.map((report) => [path.basename(report.filePath), report.messages.map((message) => message.ruleId ?? 'parse')]))
}

describe('the lint step keeps the layers (eslint.config.mjs, run by npm test)', () => {
  beforeAll(() => mkdirSync(probeDir, { recursive: true }))
  afterAll(() => rmSync(probeDir, { recursive: true, force: true }))

  it('fails on a planted import cycle and on domain code that reaches up into a route', () => {
    writeFileSync(path.join(probeDir, 'first.ts'), "import { second } from './second'\n\nexport const first = (): number => second() + 1\n")
    writeFileSync(path.join(probeDir, 'second.ts'), "import { first } from './first'\n\nexport const second = (): number => (first ? 1 : 0)\n")
    writeFileSync(path.join(probeDir, 'upward.ts'), "import manifest from '@/app/manifest'\n\nexport const upward = (): unknown => manifest\n")
    writeFileSync(path.join(probeDir, 'clean.ts'), "import { CUSTOM_THEME } from '@/rules/choices'\n\nexport const clean = (): string => CUSTOM_THEME\n")
    const reported = lint(['first.ts', 'second.ts', 'upward.ts', 'clean.ts'].map((name) => path.join(probeDir, name)))
    expect(reported['first.ts']).toContain('import-x/no-cycle')
    expect(reported['second.ts']).toContain('import-x/no-cycle')
    expect(reported['upward.ts']).toContain('import-x/no-restricted-paths')
    expect(reported['clean.ts']).toEqual([])
  })
})
