import { existsSync } from 'node:fs'
import path from 'node:path'
import { dataDir, ROOT } from '../env'

/** A backup or restore that cannot go on for a reason the user must fix; its message says which, in one sentence. */
export class BackupError extends Error {}

/**
 * Reads .env like the other scripts, but without prepareEnvironment(): that would generate a new
 * DATA_DIR/.payload-secret into an empty data folder, and restore must put the backed-up one there.
 */
export function loadDotEnv(): void {
  const envFile = path.resolve(ROOT, '.env')
  if (existsSync(envFile)) process.loadEnvFile(envFile)
}

/** The media folder as the shop resolves it (MEDIA_DIR, default ./media). */
export const mediaDir = (): string => path.resolve(ROOT, process.env.MEDIA_DIR || 'media')

/** Where `npm run backup` writes its archives (BACKUP_DIR, default ./backups). */
export const backupDir = (): string => path.resolve(ROOT, process.env.BACKUP_DIR || 'backups')

/**
 * The secret the shop generates when PAYLOAD_SECRET is unset. It signs login tokens and the download
 * links in customers' mails, so a database restored without it would log everyone out and break them.
 */
export const generatedSecretFile = (): string => path.join(dataDir(), '.payload-secret')

/** Bytes as a person reads them. */
export function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** "1 file", "3 files". */
export const counted = (count: number, thing: string): string => `${count} ${thing}${count === 1 ? '' : 's'}`
