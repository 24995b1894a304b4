import { findReadableMediaFile } from '@/catalog/media-files'
import { fileResponse } from '@/http/file-response'
import { internalError, notFound } from '@/http/answer'
import { payloadClient } from '@/site/payload'
import { fileStore } from '@/storage/file-store'

export const dynamic = 'force-dynamic'

type MediaRouteContext = { params: Promise<{ kind: string; filename: string }> }

/**
 * Uploaded images and audio (the URLs collections/hooks/serveFromMediaRoute.ts hands out).
 * Served here rather than by Payload's file route for Range, HEAD, Content-Length, ETag and
 * Cache-Control, which audio players (Safari in particular) and CDNs rely on; from the local disk
 * or, with S3_BUCKET, from the private bucket (src/storage/).
 */
async function serveMediaFile(request: Request, { params }: MediaRouteContext): Promise<Response> {
  const { kind, filename } = await params
  try {
    const file = await findReadableMediaFile(await payloadClient(), kind, filename, request.headers)
    const response = file && (await fileResponse(request, await fileStore().open(file.area, file.name), file))
    return response ?? notFound()
  } catch (error) {
    return internalError(error, `${request.method} /media/${kind}/${filename}`)
  }
}

export const GET = serveMediaFile
export const HEAD = serveMediaFile
