import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { UPLOAD_TMP_DIR } from '@/config/paths'
import type { ByteRange } from '@/http/byte-range'
import type { ServableFile } from '@/http/file-response'
import { assertNoOpenTransaction } from '@/site/outside-transactions'
import { objectKeyOf, type StorageArea } from './areas'
import type { FileStore } from './file-store-interface'
import type { S3Settings } from './s3-settings'

/**
 * Files as objects in one bucket. Objects are written without an ACL, so they stay as private as
 * the bucket (S3's default): nobody reads them but through the shop's routes, which check access
 * first and serve Range, ETag and 304 from the object's own metadata.
 */
export function s3FileStore({ bucket, client: config }: S3Settings): FileStore {
  const client = new S3Client(config)
  // Every command checks first that no database transaction is open around it (src/site/outside-transactions.ts).
  client.middlewareStack.add(
    (next) => (args) => {
      assertNoOpenTransaction('S3')
      return next(args)
    },
    { step: 'initialize', name: 'outsideTransactions' },
  )

  async function head(key: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  /** The bytes of one range as a web stream, fetched when the reader first asks: a HEAD or a 304 costs no GET. */
  function rangeStream(key: string, etag: string, { start, end }: ByteRange): ReadableStream<Uint8Array> {
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          if (!reader) {
            // If-Match: the bytes come from the very object whose size and ETag the headers named.
            const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${start}-${end}`, IfMatch: etag }))
            if (!object.Body) throw new Error(`S3 sent no body for ${key}`)
            reader = object.Body.transformToWebStream().getReader()
          }
          const { done, value } = await reader.read()
          if (done) controller.close()
          else controller.enqueue(value)
        } catch (error) {
          controller.error(error)
        }
      },
      cancel: (reason) => reader?.cancel(reason),
    })
  }

  return {
    kind: 's3',
    async open(area, name) {
      const key = objectKeyOf(area, name)
      const object = key ? await head(key) : null
      if (!key || !object?.ETag) return null
      const etag = object.ETag
      return {
        size: object.ContentLength ?? 0,
        modified: object.LastModified ?? new Date(0),
        etag,
        body: (range) => rangeStream(key, etag, range),
        close: async () => {},
      } satisfies ServableFile
    },
    async exists(area, name) {
      const key = objectKeyOf(area, name)
      return key !== null && (await head(key)) !== null
    },
    async create(area, name, contentType, make) {
      const key = requireKey(area, name)
      await mkdir(UPLOAD_TMP_DIR, { recursive: true })
      const temp = path.join(UPLOAD_TMP_DIR, `store-${randomUUID()}`)
      try {
        await make(temp)
        const { size } = await stat(temp)
        // One PUT: S3 makes the object visible only once all of it has arrived.
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(temp), ContentLength: size, ContentType: contentType }))
      } finally {
        await rm(temp, { force: true })
      }
    },
    async withLocalCopy(area, name, work) {
      const key = objectKeyOf(area, name)
      if (!key) return null
      await mkdir(UPLOAD_TMP_DIR, { recursive: true })
      const temp = path.join(UPLOAD_TMP_DIR, `copy-${randomUUID()}${path.extname(name)}`)
      try {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
          await pipeline(object.Body as Readable, createWriteStream(temp, { flags: 'wx', mode: 0o600 }))
        } catch (error) {
          if (isMissing(error)) return null
          throw error
        }
        return await work(temp)
      } finally {
        await rm(temp, { force: true })
      }
    },
    async remove(area, name) {
      const key = objectKeyOf(area, name)
      if (key) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },
  }
}

function requireKey(area: StorageArea, name: string): string {
  const key = objectKeyOf(area, name)
  if (!key) throw new Error(`Not a plain file name: ${JSON.stringify(name)}`)
  return key
}

/** HEAD answers a bare 404 ("NotFound"), GET a "NoSuchKey" error. */
const isMissing = (error: unknown): boolean => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return failure.name === 'NotFound' || failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404
}
