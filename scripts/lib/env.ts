import { existsSync } from 'node:fs'
import path from 'node:path'
import { trustedProxyList } from '../../src/http/client-address'
import { readOrCreateSecret } from './secret-file'

export const ROOT = path.resolve(import.meta.dirname, '..', '..')

/** The embedded database and generated secrets live here (DATA_DIR, default ./data). */
export const dataDir = (): string => path.resolve(ROOT, process.env.DATA_DIR || 'data')

/** A start refused for a configuration the user must fix: one sentence, no stack trace. */
export class ConfigurationError extends Error {}

/** Reads .env (if any) and fills in what the shop needs but the user did not set. */
export function prepareEnvironment(): void {
  const envFile = path.resolve(ROOT, '.env')
  if (existsSync(envFile)) process.loadEnvFile(envFile)
  process.env.PAYLOAD_SECRET ||= readOrCreateSecret(path.resolve(dataDir(), '.payload-secret'))
  process.env.PORT ||= '3000'
  process.env.NEXT_TELEMETRY_DISABLED ||= '1'
  const deployment = Boolean(process.env.DATABASE_URL)
  // A deployment gets no demo customers with known data unless it asks for them.
  process.env.SEED_DEMO_CONTENT ||= deployment ? 'false' : 'true'
  if (!process.env.PUBLIC_URL) {
    if (deployment) {
      throw new ConfigurationError(
        'PUBLIC_URL must be set when DATABASE_URL is set (the address customers use, e.g. https://shop.example.com), because links in the sitemap, previews and mails are built from it.',
      )
    }
    process.env.PUBLIC_URL = `http://localhost:${process.env.PORT}`
  }
  if (!/^https?:\/\/[^/\s]+\/?$/.test(process.env.PUBLIC_URL)) {
    throw new ConfigurationError(`PUBLIC_URL must be an origin like https://shop.example.com (no path), not "${process.env.PUBLIC_URL}".`)
  }
  process.env.PUBLIC_URL = process.env.PUBLIC_URL.replace(/\/$/, '')
  // A mistyped proxy list is refused at start, not discovered as wrong rate limits later.
  try {
    trustedProxyList(process.env.TRUSTED_PROXY_ADDRESSES)
  } catch (error) {
    throw new ConfigurationError((error as Error).message)
  }
}

/** prepareEnvironment for a command-line script: a configuration problem ends it with its sentence. */
export function prepareEnvironmentOrExit(): void {
  try {
    prepareEnvironment()
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
