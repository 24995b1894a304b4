import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT } from './env'

/** What a production build is made from; a change in any of these needs a new `next build`. */
const INPUTS = ['src', 'collections', 'public', 'payload.config.ts', 'next.config.mjs', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json']
const STAMP = path.join(ROOT, '.next', 'source-fingerprint')

function addFiles(target: string, hash: ReturnType<typeof createHash>): void {
  if (!existsSync(target)) return
  if (statSync(target).isDirectory()) {
    for (const entry of readdirSync(target).sort()) addFiles(path.join(target, entry), hash)
    return
  }
  hash.update(path.relative(ROOT, target))
  hash.update(readFileSync(target))
}

export function sourceFingerprint(): string {
  const hash = createHash('sha256')
  for (const input of INPUTS) addFiles(path.join(ROOT, input), hash)
  return hash.digest('hex')
}

export const buildIsCurrent = (fingerprint: string): boolean =>
  existsSync(path.join(ROOT, '.next', 'BUILD_ID')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === fingerprint

export const markBuilt = (fingerprint: string): void => writeFileSync(STAMP, fingerprint)
