import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** A secret kept next to the data it protects, created on first use (mode 600). */
export function readOrCreateSecret(file: string, bytes = 32): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(path.dirname(file), { recursive: true })
  const secret = randomBytes(bytes).toString('hex')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}
