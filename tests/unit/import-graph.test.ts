import { cyclesOf, folderOf, type Import, layerOf, readImportGraph } from '../support/import-graph'

// npm test runs Jest from the project's root.
const ROOT = process.cwd()

/** Issue 33: imports that run against the layers of docs/architecture.md, at most. */
const MAX_UPWARD_IMPORTS = 3

const describeImport = ({ from, to, typeOnly }: Import) => `${from} → ${to}${typeOnly ? ' (import type)' : ''}`

/*
 * ESLint's import-x/no-cycle (eslint.config.mjs) leaves out `import type`, so a circle that runs
 * through a type slipped past it (src/storage, src/components/player, src/auth ↔ src/mail). This
 * reads every import, types included, and also looks at the folders: a two-way pair of folders
 * (src/orders ↔ src/payments) is a circle even when no two files form one.
 */
describe('the import graph of src/, collections/ and payload.config.ts', () => {
  const imports = readImportGraph(ROOT)
  const betweenFolders = imports.filter((edge) => folderOf(edge.from) !== folderOf(edge.to))
  const upward = imports.filter((edge) => layerOf(edge.from) > layerOf(edge.to))
  const fileCycles = cyclesOf(imports.map((edge) => [edge.from, edge.to]))
  const folderCycles = cyclesOf(betweenFolders.map((edge) => [folderOf(edge.from), folderOf(edge.to)]))

  afterAll(() => {
    const files = new Set(imports.flatMap((edge) => [edge.from, edge.to]))
    const folders = new Set([...files].map(folderOf))
    const folderEdges = new Set(betweenFolders.map((edge) => `${folderOf(edge.from)} ${folderOf(edge.to)}`))
    console.log(
      [
        `import graph: ${files.size} files, ${imports.length} imports (${imports.filter((edge) => edge.typeOnly).length} type-only)`,
        `${folders.size} folders, ${folderEdges.size} folder-to-folder edges`,
        `cycles: ${fileCycles.length} between files, ${folderCycles.length} between folders`,
        `upward imports: ${upward.length} (at most ${MAX_UPWARD_IMPORTS})`,
      ].join('; '),
    )
  })

  it('finds the imports it must see (a check that reads nothing would pass)', () => {
    expect(imports.length).toBeGreaterThan(1000)
    // A type-only import, a re-export and a path alias.
    expect(imports).toContainEqual({ from: 'src/orders/status.ts', to: 'src/site/request-context.ts', typeOnly: true })
    expect(imports.some((edge) => edge.from === 'payload.config.ts' && edge.to.startsWith('collections/'))).toBe(true)
  })

  it('has no cycle between files, not even through `import type`', () => {
    expect(fileCycles).toEqual([])
  })

  it('has no cycle between folders (src/<area>, each collection, payload.config.ts)', () => {
    const pairs = betweenFolders.filter((edge) => folderCycles.some((cycle) => cycle.includes(folderOf(edge.from)) && cycle.includes(folderOf(edge.to))))
    expect({ folderCycles, imports: pairs.map(describeImport) }).toEqual({ folderCycles: [], imports: [] })
  })

  it(`has at most ${MAX_UPWARD_IMPORTS} imports that run upward through the layers`, () => {
    expect(upward.length <= MAX_UPWARD_IMPORTS ? [] : upward.map(describeImport)).toEqual([])
  })

  it('reports a cycle when there is one', () => {
    expect(
      cyclesOf([
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
        ['c', 'd'],
      ]),
    ).toEqual([['a', 'b', 'c']])
    expect(cyclesOf([['a', 'a']])).toEqual([['a']])
    expect(
      cyclesOf([
        ['a', 'b'],
        ['b', 'c'],
      ]),
    ).toEqual([])
  })
})
