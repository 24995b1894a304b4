import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, statSync } from 'node:fs'
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

/**
 * Makes `folder` the operator's alone: created 0700 (missing parents too), or refused when it
 * exists with access for group or others, or belongs to another user. Not tightened silently: it
 * may be a folder others need (even /tmp), and whoever could read it may have read the archives
 * in it already; the operator decides.
 */
export function privateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  const stats = statSync(folder)
  if (!stats.isDirectory()) throw new BackupError(`${folder} is not a folder; choose another with --out or BACKUP_DIR.`)
  if (process.getuid && stats.uid !== process.getuid()) {
    throw new BackupError(
      `${folder} belongs to another user (uid ${stats.uid}), who could read the archive; choose a folder of your own with --out or BACKUP_DIR.`,
    )
  }
  if (stats.mode & 0o077) {
    throw new BackupError(
      `${folder} is open to other users (mode ${(stats.mode & 0o777).toString(8)}), and a backup holds password hashes, session ids and usually the secret that signs the seller's login; ` +
        `run chmod 700 ${folder} (and consider who may have read the archives in it), or choose another folder with --out or BACKUP_DIR.`,
    )
  }
}

/** A short fingerprint of a secret, to tell secrets apart in what the scripts print; never the secret itself. */
export const secretFingerprint = (secret: string): string => createHash('sha256').update(secret.trim()).digest('hex').slice(0, 12)

/** Bytes as a person reads them. */
export function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** "1 file", "3 files". */
export const counted = (count: number, thing: string): string => `${count} ${thing}${count === 1 ? '' : 's'}`
