import { existsSync } from 'node:fs'
import path from 'node:path'
import { readOrCreateSecret } from './embedded-postgres'

export const ROOT = path.resolve(import.meta.dirname, '..', '..')

/** The embedded database and generated secrets live here (DATA_DIR, default ./data). */
export const dataDir = (): string => path.resolve(ROOT, process.env.DATA_DIR || 'data')

/** Reads .env (if any) and fills in what the shop needs but the user did not set. */
export function prepareEnvironment(): void {
  const envFile = path.resolve(ROOT, '.env')
  if (existsSync(envFile)) process.loadEnvFile(envFile)
  process.env.PAYLOAD_SECRET ||= readOrCreateSecret(path.resolve(dataDir(), '.payload-secret'))
  process.env.PORT ||= '3000'
  process.env.NEXT_TELEMETRY_DISABLED ||= '1'
}
