import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { gzipSync } from 'node:zlib'

export type FirstLoad = { route: string; kb: number; files: number }

/**
 * First-load JavaScript (gzip) of every page of a Next build's app folder (`appDir`, below
 * `.next/server/app`): the framework's runtime chunks plus every chunk the page's client reference
 * manifest names for its entries (layouts, error and not-found boundaries, the page), each counted
 * once. What a browser loads before the page can run, chunks loaded later by `dynamic()` not included.
 */
export function firstLoadOf(nextDir: string, appDir = ''): FirstLoad[] {
  const gzipped = new Map<string, number>()
  const gzipKb = (file: string) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(nextDir, file))).length / 1024)
    return gzipped.get(file)!
  }
  const { rootMainFiles } = JSON.parse(readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] }
  const root = path.join(nextDir, 'server', 'app', appDir)
  return manifests(root).map((file) => {
    const sandbox = { globalThis: {} as { __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> } }
    vm.runInNewContext(readFileSync(file, 'utf8'), sandbox)
    const manifest = Object.values(sandbox.globalThis.__RSC_MANIFEST ?? {})[0]!
    const files = new Set([...rootMainFiles, ...Object.values(manifest.entryJSFiles).flat()])
    const route = '/' + path.relative(root, path.dirname(file)).split(path.sep).join('/')
    return { route: route === '/' ? '/' : route.replace(/\/$/, ''), kb: [...files].reduce((sum, chunk) => sum + gzipKb(chunk), 0), files: files.size }
  })
}

/** The framework's runtime alone (gzip KB): what every page of the build loads first. */
export function frameworkKb(nextDir: string): number {
  const { rootMainFiles } = JSON.parse(readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] }
  return rootMainFiles.reduce((sum, chunk) => sum + gzipSync(readFileSync(path.join(nextDir, chunk))).length / 1024, 0)
}

function manifests(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry)
    if (statSync(full).isDirectory()) return manifests(full)
    return entry === 'page_client-reference-manifest.js' ? [full] : []
  })
}
