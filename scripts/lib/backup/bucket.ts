import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import type { S3Settings } from '../../../src/storage/s3-settings'

/** One object of the bucket as the backup lists it. */
export type BucketObject = { key: string; size: number; etag: string }

/** Every object of the bucket (in pages of 1000, as S3 answers). */
export async function listBucket(settings: S3Settings): Promise<BucketObject[]> {
  const client = new S3Client(settings.client)
  const objects: BucketObject[] = []
  try {
    let token: string | undefined
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken: token }))
      for (const item of page.Contents ?? []) objects.push({ key: item.Key!, size: item.Size ?? 0, etag: item.ETag ?? '' })
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  } finally {
    client.destroy()
  }
  return objects
}

/** What of the listed objects the bucket no longer holds as they were (same key, size and ETag). */
export function compareBucket(listed: BucketObject[], found: BucketObject[]): { present: number; missing: string[]; changed: string[] } {
  const now = new Map(found.map((object) => [object.key, object]))
  const missing: string[] = []
  const changed: string[] = []
  for (const object of listed) {
    const current = now.get(object.key)
    if (!current) missing.push(object.key)
    else if (current.size !== object.size || current.etag !== object.etag) changed.push(object.key)
  }
  return { present: listed.length - missing.length - changed.length, missing, changed }
}
