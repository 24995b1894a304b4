import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createSerwistRoute } from '@serwist/turbopack'
import { OFFLINE_PAGES } from '@/components/offline/offline-rules'

/**
 * The service worker (src/sw.ts), bundled by Serwist with its precache list when the build
 * prerenders this route, and served as /serwist/sw.js (scope "/", allowed by the
 * Service-Worker-Allowed header Serwist sets). Browsers must ask for it again on every visit, so
 * that a new deployment takes over at once: `Cache-Control: no-cache` (Next keeps a route's own
 * Cache-Control). Its own policy: it runs no other scripts and talks to our origin only.
 */
const DIST_DIR = '.next'

/**
 * The shell precached at install: Next's runtime chunks and the scripts and styles of the offline
 * pages (which also show the saved songs), read from the build's manifests, and the icons.
 * Scripts and styles of other pages (the admin's are megabytes) are kept as they are visited.
 */
function offlineShellFiles(): Set<string> {
  // Not the polyfills: only browsers without modules load them, and those have no service worker.
  const buildManifest = JSON.parse(readFileSync(path.join(DIST_DIR, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] }
  const files = new Set(buildManifest.rootMainFiles)
  for (const page of Object.values(OFFLINE_PAGES)) {
    const manifest = readFileSync(path.join(DIST_DIR, 'server/app/(frontend)', page, 'page_client-reference-manifest.js'), 'utf8')
    for (const [file] of manifest.matchAll(/static\/(chunks|media)\/[^"]+/g)) files.add(file)
  }
  return files
}

const serwist = createSerwistRoute({
  swSrc: 'src/sw.ts',
  useNativeEsbuild: true,
  esbuildOptions: { format: 'iife', sourcemap: false },
  manifestTransforms: [
    (entries) => {
      const shell = offlineShellFiles()
      const staticPrefix = `${DIST_DIR}/`
      const kept = entries.filter(({ url }) => (url.startsWith(staticPrefix) ? shell.has(url.slice(staticPrefix.length)) : url.startsWith('public/icons/')))
      return { manifest: kept, warnings: [] }
    },
  ],
})

const WORKER_HEADERS = {
  'Cache-Control': 'no-cache',
  'Content-Security-Policy': "default-src 'none'; connect-src 'self'",
}

// Built once, when the build prerenders sw.js; no other file names.
export const dynamic = 'force-static'
export const dynamicParams = false
export const revalidate = false
export const generateStaticParams = serwist.generateStaticParams

export async function GET(request: Request, context: { params: Promise<{ path: string }> }): Promise<Response> {
  const response = await serwist.GET(request, context)
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(WORKER_HEADERS)) headers.set(name, value)
  return new Response(response.body, { status: response.status, headers })
}
