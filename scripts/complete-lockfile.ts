/**
 * The npm registry reachable here does not serve some packages' prebuilt binaries for other
 * platforms (macOS, Windows, …), so `npm install` leaves them out of package-lock.json, and
 * `npm ci` then refuses the lock file as out of sync. This adds the missing optional platform
 * packages back as lock entries with their os/cpu, which npm ci skips on this platform.
 * Run after changing dependencies: `npm run lockfile:complete`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

type LockEntry = { version?: string; dev?: boolean; optional?: boolean; optionalDependencies?: Record<string, string> }

const PLATFORM =
  /(darwin|linux|win32|android|freebsd|openharmony)-(arm64|x64|ia32|arm|ppc64|s390x|loong64|riscv64)(?:-(gnu|musl|gnueabihf|musleabihf|msvc|eabi))?$/

const file = path.resolve(import.meta.dirname, '..', 'package-lock.json')
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> }
const packages = lock.packages

/** Where Node would find `dependency` from the package at `from`: the nearest node_modules up the tree. */
function resolved(from: string, dependency: string): boolean {
  for (let at = from; ; at = at.includes('/node_modules/') ? at.slice(0, at.lastIndexOf('/node_modules/')) : '') {
    if (packages[`${at ? `${at}/` : ''}node_modules/${dependency}`]) return true
    if (!at) return false
  }
}

let added = 0
for (const [location, entry] of Object.entries(packages)) {
  for (const [dependency, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const platform = dependency.match(PLATFORM)
    if (!platform || resolved(location, dependency)) continue
    const [, os, cpu, abi] = platform
    const hoisted = `node_modules/${dependency}`
    packages[packages[hoisted] ? `${location}/${hoisted}` : hoisted] = {
      version,
      cpu: [cpu!],
      os: [os!],
      ...(abi && /gnu|musl/.test(abi) && { libc: [abi.startsWith('musl') ? 'musl' : 'glibc'] }),
      ...(entry.dev && { dev: true }),
      optional: true,
    } as LockEntry
    added++
  }
}
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n')
console.log(added ? `Added ${added} platform packages to package-lock.json.` : 'package-lock.json is complete.')
