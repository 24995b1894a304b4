import type { S3ClientConfig } from '@aws-sdk/client-s3'

/** Where the bucket is and how to reach it; null keeps every file on the local disk (the default). */
export type S3Settings = { bucket: string; client: S3ClientConfig }

/**
 * The bucket from S3_BUCKET, S3_ENDPOINT (any S3-compatible server; unset: AWS), S3_REGION,
 * S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (unset: the SDK's usual credential chain, e.g. an
 * instance role) and S3_FORCE_PATH_STYLE ("true" for servers without bucket subdomains).
 */
export function s3Settings(env: Record<string, string | undefined> = process.env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim()
  if (!bucket) return null
  const accessKeyId = env.S3_ACCESS_KEY_ID
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY
  return {
    bucket,
    client: {
      region: env.S3_REGION || 'us-east-1',
      ...(env.S3_ENDPOINT && { endpoint: env.S3_ENDPOINT }),
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
      ...(accessKeyId && secretAccessKey && { credentials: { accessKeyId, secretAccessKey } }),
      // Checksums only where S3 requires them: many S3-compatible servers do not understand the
      // SDK's default streamed (aws-chunked) checksums and would store the framing with the bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  }
}
