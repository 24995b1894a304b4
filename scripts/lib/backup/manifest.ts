import { BackupError, counted } from './places'
import { readTarMember } from './tar'

/** Version of the archive's layout; restore refuses layouts it does not know. */
export const ARCHIVE_FORMAT = 1

/** The members of a backup archive (a plain tar: the dump is compressed already, audio and images hardly compress). */
export const MEMBER = {
  /** First, so restore reads it without scanning the archive. */
  manifest: 'manifest.json',
  /** pg_dump --format=custom. */
  database: 'database.dump',
  /** DATA_DIR/.payload-secret, when the shop generated its secret there. */
  secret: 'payload-secret',
  /** With S3_BUCKET: the bucket's objects (key, size, ETag) instead of the files. */
  bucketObjects: 's3-objects.json',
  /** The media folder's files, below this folder. */
  media: 'media',
} as const

export type DiskMedia = { storage: 'disk'; files: number; bytes: number }
export type BucketMedia = { storage: 's3'; bucket: string; endpoint: string | null; objects: number; bytes: number }

export type BackupManifest = {
  format: typeof ARCHIVE_FORMAT
  createdAt: string
  database: {
    /** PostgreSQL's version string of the server that was dumped. */
    serverVersion: string
    dumpBytes: number
    /** Rows per table, counted in the same snapshot pg_dump read: restore checks them. */
    rows: Record<string, number>
  }
  media: DiskMedia | BucketMedia
  payloadSecretIncluded: boolean
}

/** The archive's name: when it was made, sortable, without characters file systems dislike. */
export const archiveName = (createdAt: Date): string =>
  `shop-backup-${createdAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar`

export async function readManifest(archive: string): Promise<BackupManifest> {
  let manifest: BackupManifest
  try {
    manifest = JSON.parse((await readTarMember(archive, MEMBER.manifest)).toString('utf8'))
  } catch {
    throw new BackupError(`${archive} is not a backup of this shop (it holds no readable ${MEMBER.manifest}).`)
  }
  if (manifest.format !== ARCHIVE_FORMAT) {
    throw new BackupError(`${archive} has archive format ${manifest.format}; this version of the shop restores format ${ARCHIVE_FORMAT}.`)
  }
  return manifest
}

/** The tables a seller thinks in, for the printed summary (every table is counted and checked). */
const SUMMARY_TABLES = ['orders', 'invoices', 'users', 'audio', 'media']

export function rowSummary(rows: Record<string, number>): string {
  const tables = Object.keys(rows).length
  const total = Object.values(rows).reduce((sum, count) => sum + count, 0)
  const named = SUMMARY_TABLES.filter((table) => table in rows).map((table) => `${rows[table]} ${table}`)
  return `${counted(tables, 'table')}, ${counted(total, 'row')}${named.length ? ` (${named.join(', ')})` : ''}`
}
