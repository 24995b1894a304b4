/**
 * First-load JavaScript per storefront route, gzip-compressed, from the build manifests of the
 * last `next build` (Next 16 no longer prints it). Budget: 160 KB for the listening and reading
 * pages (issue: storefront); 170 KB for the pages built around a form (login, the wizard's details
 * step, checkout), which carry react-hook-form (about 12 KB) on top.
 * Usage: `npm run build` (or `npm start` once), then `npm run bench:bundle`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 160
const FORM_BUDGET_KB = 170
const FORM_PAGES = new Set(['/login', '/checkout', '/custom-songs/[packageId]/[typeId]'])
const budgetOf = (route: string) => (FORM_PAGES.has(route) ? FORM_BUDGET_KB : BUDGET_KB)
const NEXT_DIR = path.resolve(import.meta.dirname, '..', '.next')
const FRONTEND = path.join(NEXT_DIR, 'server', 'app', '(frontend)')

if (!existsSync(FRONTEND)) {
  console.error('No build found: run `npm run build` first.')
  process.exit(1)
}

const gzipped = new Map<string, number>()
const gzipKb = (file: string) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(NEXT_DIR, file))).length / 1024)
  return gzipped.get(file)!
}

const { rootMainFiles } = JSON.parse(readFileSync(path.join(NEXT_DIR, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] }

function manifests(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry)
    if (statSync(full).isDirectory()) return manifests(full)
    return entry === 'page_client-reference-manifest.js' ? [full] : []
  })
}

type RscManifest = { entryJSFiles: Record<string, string[]> }

const rows = manifests(FRONTEND).map((file) => {
  const sandbox = { globalThis: {} as { __RSC_MANIFEST?: Record<string, RscManifest> } }
  vm.runInNewContext(readFileSync(file, 'utf8'), sandbox)
  const manifest = Object.values(sandbox.globalThis.__RSC_MANIFEST ?? {})[0]!
  const files = new Set([...rootMainFiles, ...Object.values(manifest.entryJSFiles).flat()])
  const route = '/' + path.relative(FRONTEND, path.dirname(file)).split(path.sep).join('/')
  const kb = [...files].reduce((sum, chunk) => sum + gzipKb(chunk), 0)
  return { route: route === '/' ? '/' : route.replace(/\/$/, ''), kb, files: files.size }
})

const framework = rootMainFiles.reduce((sum, chunk) => sum + gzipKb(chunk), 0)
rows.sort((a, b) => b.kb - a.kb)
console.log(
  `First-load JS (gzip), budget ${BUDGET_KB} KB (${FORM_BUDGET_KB} KB for ${[...FORM_PAGES].join(', ')}); framework runtime alone ${framework.toFixed(1)} KB\n`,
)
console.log('route'.padEnd(34) + 'KB'.padStart(8) + 'files'.padStart(8))
for (const { route, kb, files } of rows) {
  console.log(route.padEnd(34) + kb.toFixed(1).padStart(8) + String(files).padStart(8) + (kb > budgetOf(route) ? '  over budget' : ''))
}
const worst = rows[0]
const over = rows.filter(({ route, kb }) => kb > budgetOf(route))
console.log(
  `\nlargest: ${worst?.route} ${worst?.kb.toFixed(1)} KB; ${over.length === 0 ? 'every page within its budget' : `${over.length} page(s) OVER budget`}`,
)
