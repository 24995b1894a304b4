import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/**
 * The project's own import graph, read with TypeScript's parser: every `import`, `import type`,
 * `export … from`, `import()` and `import('…')` type of the files under src/ and collections/ and of
 * payload.config.ts, resolved through tsconfig.json's paths (`@/`, `@collections/`, `@payload-config`).
 * Imports of packages are left out: a package cannot import our files, so no cycle runs through one.
 */
export type Import = { from: string; to: string; typeOnly: boolean }

const SOURCE = /\.(ts|tsx|mts)$/
const ROOTS = ['src', 'collections']

function sourceFiles(root: string, dir: string): string[] {
  const full = path.join(root, dir)
  if (!existsSync(full)) return []
  return readdirSync(full).flatMap((name) => {
    const relative = path.posix.join(dir, name)
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(root, relative)
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [relative] : []
  })
}

/** The file an import names, relative to the root, or null for a package. */
function resolve(root: string, importer: string, specifier: string): string | null {
  let base: string
  if (specifier === '@payload-config') base = 'payload.config'
  else if (specifier.startsWith('@/')) base = path.posix.join('src', specifier.slice(2))
  else if (specifier.startsWith('@collections/')) base = path.posix.join('collections', specifier.slice('@collections/'.length))
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(importer), specifier)
  else return null
  base = base.replace(/\.(js|mjs|ts|tsx)$/, '')
  for (const candidate of [base, ...['.ts', '.tsx', '.mts', '.js', '.json', '/index.ts', '/index.tsx'].map((ending) => base + ending)]) {
    const full = path.join(root, candidate)
    if (existsSync(full) && statSync(full).isFile()) return candidate
  }
  throw new Error(`${importer}: cannot resolve '${specifier}'`)
}

/** Every import between the project's own files under src/, collections/ and payload.config.ts. */
export function readImportGraph(root: string): Import[] {
  const files = [...ROOTS.flatMap((dir) => sourceFiles(root, dir)), 'payload.config.ts'].filter((file) => existsSync(path.join(root, file)))
  const imports: Import[] = []
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8')
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
    const add = (specifier: ts.Expression | undefined, typeOnly: boolean) => {
      if (!specifier || !ts.isStringLiteralLike(specifier)) return
      const to = resolve(root, file, specifier.text)
      if (to) imports.push({ from: file, to, typeOnly })
    }
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause
        const namedTypeOnly =
          clause?.namedBindings && ts.isNamedImports(clause.namedBindings) && !clause.name && clause.namedBindings.elements.length > 0
            ? clause.namedBindings.elements.every((element) => element.isTypeOnly)
            : false
        add(node.moduleSpecifier, Boolean(clause?.isTypeOnly) || namedTypeOnly)
      } else if (ts.isExportDeclaration(node)) {
        const namedTypeOnly = node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.every((element) => element.isTypeOnly)
        add(node.moduleSpecifier, node.isTypeOnly || Boolean(namedTypeOnly))
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        add(node.argument.literal, true)
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        add(node.arguments[0], false)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return imports
}

/**
 * The folder a file belongs to in the folder graph: `src/<area>` (src/orders, src/app, src/components),
 * one node per collection folder or file under collections/ (collections/Orders, collections/access,
 * collections/Packages.ts), and the single files at the top (payload.config.ts, src/proxy.ts).
 */
export function folderOf(file: string): string {
  // The door to the configured Payload belongs to the routes' layer (eslint.config.mjs), not to the base's src/site.
  if (file === 'src/site/payload.ts') return file
  const parts = file.split('/')
  return parts.length > 2 ? parts.slice(0, 2).join('/') : file
}

/**
 * The layers of docs/architecture.md, from the top (1) to the base (5). An import from a higher
 * number to a lower one runs upward.
 */
export function layerOf(file: string): number {
  const folder = folderOf(file)
  if (folder === 'src/app' || file === 'src/site/payload.ts' || file === 'src/proxy.ts' || file === 'src/sw.ts') return 1
  if (folder === 'src/components') return 2
  if (file.startsWith('collections/') || file === 'payload.config.ts') return 3
  if (['src/rules', 'src/i18n', 'src/http', 'src/site', 'src/config'].includes(folder)) return 5
  return 4
}

/** The cycles of a directed graph (one per strongly connected component with more than one node, or a self-loop), as node lists. */
export function cyclesOf(edges: [string, string][]): string[][] {
  const next = new Map<string, Set<string>>()
  for (const [from, to] of edges) {
    if (!next.has(from)) next.set(from, new Set())
    if (!next.has(to)) next.set(to, new Set())
    next.get(from)!.add(to)
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  let counter = 0
  const connect = (node: string): void => {
    index.set(node, counter)
    low.set(node, counter)
    counter += 1
    stack.push(node)
    onStack.add(node)
    for (const neighbour of next.get(node)!) {
      if (!index.has(neighbour)) {
        connect(neighbour)
        low.set(node, Math.min(low.get(node)!, low.get(neighbour)!))
      } else if (onStack.has(neighbour)) low.set(node, Math.min(low.get(node)!, index.get(neighbour)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || next.get(node)!.has(node)) components.push(component.sort())
    }
  }
  for (const node of next.keys()) if (!index.has(node)) connect(node)
  return components
}
