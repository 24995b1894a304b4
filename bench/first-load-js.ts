/**
 * First-load JavaScript per storefront route, gzip-compressed, from the build manifests of the
 * last `next build` (Next 16 no longer prints it), against the budget of issue 29: at most
 * OVER_BARE_KB above a bare Next page's, built here from bench/bare-next with the same Next and
 * React and measured the same way. `npm test` runs it after its build and fails when a page is
 * over budget (it exits non-zero then).
 * Usage: `npm run build` (or `npm start` once), then `npm run bench:bundle`.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { buildBareNext } from './lib/bare-next'
import { firstLoadOf, frameworkKb } from './lib/first-load'

/** What any storefront page may load on top of a bare Next page (issue 29). */
const OVER_BARE_KB = 20
const NEXT_DIR = path.resolve(import.meta.dirname, '..', '.next')
const FRONTEND = '(frontend)'

if (!existsSync(path.join(NEXT_DIR, 'server', 'app', FRONTEND))) {
  console.error('No build found: run `npm run build` first.')
  process.exit(1)
}

const bare = await buildBareNext({ quiet: true })
let bareKb: number
try {
  bareKb = firstLoadOf(path.join(bare.dir, '.next')).find(({ route }) => route === '/')!.kb
} finally {
  bare.remove()
}
const budget = bareKb + OVER_BARE_KB
const rows = firstLoadOf(NEXT_DIR, FRONTEND).sort((a, b) => b.kb - a.kb)
console.log(
  `First-load JS (gzip): a bare Next page ${bareKb.toFixed(1)} KB (the shop's framework runtime alone ${frameworkKb(NEXT_DIR).toFixed(1)} KB); ` +
    `budget per page: bare + ${OVER_BARE_KB} KB = ${budget.toFixed(1)} KB\n`,
)
console.log('route'.padEnd(34) + 'KB'.padStart(8) + 'Δ bare'.padStart(8) + 'files'.padStart(8))
for (const { route, kb, files } of rows) {
  console.log(
    route.padEnd(34) +
      kb.toFixed(1).padStart(8) +
      `+${(kb - bareKb).toFixed(1)}`.padStart(8) +
      String(files).padStart(8) +
      (kb > budget ? '  OVER budget' : ''),
  )
}
const over = rows.filter(({ kb }) => kb > budget)
console.log(
  `\nlargest: ${rows[0]?.route} ${rows[0]?.kb.toFixed(1)} KB; ${over.length === 0 ? 'every page within its budget' : `${over.length} page(s) OVER budget`}`,
)
if (over.length > 0) process.exitCode = 1
