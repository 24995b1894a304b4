/**
 * A real S3-compatible server for the object-storage tests (issue 20): s3rver on loopback, its
 * objects in a folder of the test, one bucket made at start. s3rver checks signatures but keeps
 * no ACLs (its GET ?acl is a stub) and answers anonymous requests for any object, where S3 refuses
 * them unless the object was uploaded public (x-amz-acl: public-read). So the server below puts
 * S3's rule in front of it: an unsigned request reads only objects uploaded with a public ACL,
 * anything else gets S3's 403 AccessDenied; and it records each upload's ACL for the tests.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import pg from 'pg'
import S3rver from 's3rver'
import { freePort } from '../../../scripts/lib/embedded-postgres'
import { s3Settings } from '../../../src/storage/s3-settings'
import { startSmtpCatcher } from '../../support/smtp-catcher'
import { STORAGE_AREAS } from '../../../src/storage/areas'
import { seededShopDatabase } from './seeded-copy'
import { scratchFolder, shopEnvironment, startShop } from './shop'

/** s3rver's built-in account. */
const S3RVER_KEY = 'S3RVER'

/** The ACLs of S3 that let anyone read an object. */
const PUBLIC_ACLS = new Set(['public-read', 'public-read-write'])

export type S3Stand = {
  endpoint: string
  bucket: string
  /** The shop's S3_* variables for this server and bucket. */
  env: Record<string, string>
  /** The ACL each object was uploaded with ("private" when none was sent), by key. */
  uploadAcls: Map<string, string>
  /** A client with the shop's credentials, to look at the bucket as the shop does. */
  client: () => S3Client
  /** The object's URL as an anonymous visitor would try it. */
  objectUrl: (key: string) => string
  close: () => Promise<void>
}

export async function startS3Stand(dir: string, bucket = 'shop-files'): Promise<S3Stand> {
  const s3rver = new S3rver({ directory: path.join(dir, 's3rver'), silent: true, configureBuckets: [{ name: bucket }] })
  await s3rver.configureBuckets()
  const handle = s3rver.callback()
  const uploadAcls = new Map<string, string>()

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3.invalid')
    const [bucketName, ...keyParts] = url.pathname.slice(1).split('/').map(decodeURIComponent)
    const key = keyParts.join('/')
    const signed = 'authorization' in request.headers || url.searchParams.has('X-Amz-Algorithm') || url.searchParams.has('Signature')
    if (signed) {
      // A PUT of an object, or the start of a multipart upload, carries the object's ACL.
      const startsObject =
        key && ((request.method === 'PUT' && !url.searchParams.has('partNumber')) || (request.method === 'POST' && url.searchParams.has('uploads')))
      if (startsObject) uploadAcls.set(key, String(request.headers['x-amz-acl'] ?? 'private'))
      return handle(request, response)
    }
    const readable = (request.method === 'GET' || request.method === 'HEAD') && bucketName === bucket && PUBLIC_ACLS.has(uploadAcls.get(key) ?? '')
    if (readable) return handle(request, response)
    response.writeHead(403, { 'Content-Type': 'application/xml' })
    response.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: S3RVER_KEY,
    S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  }
  return {
    endpoint,
    bucket,
    env,
    uploadAcls,
    client: () => new S3Client(s3Settings(env)!.client),
    objectUrl: (key) => `${endpoint}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/**
 * The upload, playback and download suites that `npm test` runs a second time against a shop
 * whose files are in s3rver (scripts/test.ts, phase "s3"). They reach the shop by BASE_URL and
 * its database by DATABASE_URL, and their Local API writes through the same plugin to the bucket.
 */
export const SUITES_ON_S3 = [
  'tests/integration/downloads.test.ts',
  'tests/integration/audio-peaks.test.ts',
  'tests/integration/gift-links.test.ts',
  'tests/integration/gdpr-export.test.ts',
  'tests/integration/invoices.test.ts',
  'tests/security/files-privacy.test.ts',
  'tests/security/files-access-matrix.test.ts',
  'tests/security/files-limits.test.ts',
  'tests/security/gifts-file.test.ts',
  'tests/security/edge-seller-uploads.test.ts',
]

/**
 * Tests of those suites that look into MEDIA_DIR or DATA_DIR themselves, so they cannot see a
 * bucket: the MP3 the job makes (read from DATA_DIR/downloads/mp3), the file a rolled-back upload
 * must not leave (a listing of MEDIA_DIR/audio), the safe stored name (found in that listing).
 * tests/deployment/s3-storage.test.ts proves the same of the bucket.
 */
const TESTS_THAT_READ_THE_DISK = [
  'makes the MP3 in the background as soon as a song is delivered',
  'a database failure after the file was written removes the file again',
  'is stored under a safe name inside the media folder',
]

/** Jest's --testNamePattern that leaves out TESTS_THAT_READ_THE_DISK. */
export const S3_TEST_NAME_PATTERN = `^(?!.*(${TESTS_THAT_READ_THE_DISK.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')}))`

/**
 * A copy of the seeded shop for a shop whose files are in `s3`'s bucket: the database copied from
 * the seeded one, the seeded files put into the bucket under the keys a seed on S3 gives them
 * (the bucket mirrors the media folder, src/storage/areas.ts), and the upload collections'
 * `prefix` as the S3 plugin stores it. A second or two where migrating and seeding into the
 * bucket took 25.
 */
export async function seededShopOnS3(dir: string, s3: S3Stand, env: NodeJS.ProcessEnv = process.env): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = await seededShopDatabase(dir, env)
  const mediaDir = path.join(dir, 'media')
  const bucket = s3.client()
  for (const entry of readdirSync(mediaDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const key = path.relative(mediaDir, file).split(path.sep).join('/')
    await bucket.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: readFileSync(file) }))
  }
  rmSync(mediaDir, { recursive: true, force: true })
  const sql = new pg.Client({ connectionString: database.url })
  await sql.connect()
  try {
    await sql.query('UPDATE media SET prefix = $1', [STORAGE_AREAS.images.prefix])
    await sql.query('UPDATE audio SET prefix = $1', [STORAGE_AREAS.audio.prefix])
  } finally {
    await sql.end()
  }
  return database
}

/**
 * A shop of its own for SUITES_ON_S3: s3rver with a fresh bucket, a copy of the seeded shop in it
 * (seededShopOnS3) and one shop process. `env` is what Jest needs to reach it.
 */
export async function startShopOnS3(shared: NodeJS.ProcessEnv): Promise<{ env: NodeJS.ProcessEnv; stop: () => Promise<void> }> {
  // The shared shop's settings (secrets, mail, Stripe stand-in), but a database, folders and address of its own.
  const {
    DATABASE_URL: _database,
    PORT: _port,
    BASE_URL: _base,
    PUBLIC_URL: _public,
    DATA_DIR: _data,
    MEDIA_DIR: _media,
    SERVER_PID: _pid,
    ...settings
  } = shared
  const scratch = scratchFolder('s3-suites')
  const s3 = await startS3Stand(scratch.dir)
  // scripts/test.ts runs this in its own process: the seeded copy's settings are in `shared`.
  const database = await seededShopOnS3(scratch.dir, s3, shared)
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  // A mail catcher of its own: these suites run beside the shared shop's, and their order numbers overlap.
  const mailDir = path.join(scratch.dir, 'mail')
  const catcher = await startSmtpCatcher(mailDir)
  const shopEnv = shopEnvironment(database.url, scratch.dir, {
    ...settings,
    MAIL_OUTBOX_DIR: path.join(scratch.dir, 'outbox'),
    SMTP_URL: catcher.url,
    MAIL_CATCHER_DIR: mailDir,
    ...s3.env,
    PUBLIC_URL: baseUrl,
  })
  const shop = await startShop(shopEnv, port)
  return {
    env: { ...shopEnv, BASE_URL: baseUrl, SERVER_PID: String(shop.pid()) },
    stop: async () => {
      await shop.stop()
      await database.drop()
      await catcher.close()
      await s3.close()
      scratch.remove()
    },
  }
}
