import { type ByteRange, requestedByteRange } from './byte-range'
import { ifNoneMatchHolds } from './etag'

export type FileResponseOptions = { contentType: string; cacheControl: string }

/**
 * A stored file opened for answering one request (src/storage/ makes them, from the disk or a
 * bucket): what the headers need, and its bytes by range, read only when the body is sent.
 * `close` releases it when no body is sent (HEAD, 304, 416); a body stream releases it itself.
 */
export type ServableFile = {
  size: number
  modified: Date
  /** A strong validator (quoted), new whenever the file is replaced. */
  etag: string
  body: (range: ByteRange) => ReadableStream<Uint8Array>
  close: () => Promise<void>
}

/**
 * Answers GET or HEAD for one stored file the way audio players and CDNs expect: Range (206,
 * 416), Content-Length, Accept-Ranges, ETag and Last-Modified with 304 for If-None-Match and
 * If-Modified-Since, and If-Range. Returns null when there is no such file.
 */
export async function fileResponse(request: Request, file: ServableFile | null, options: FileResponseOptions): Promise<Response | null> {
  if (!file) return null
  const { size, modified, etag } = file
  const headers = new Headers({
    'Content-Type': options.contentType,
    'Cache-Control': options.cacheControl,
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': modified.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  })

  if (isNotModified(request.headers, etag, modified)) {
    await file.close()
    return new Response(null, { status: 304, headers })
  }

  const range = rangeStillValid(request.headers, etag, modified) ? requestedByteRange(request.headers.get('range'), size) : null
  if (range === 'unsatisfiable') {
    await file.close()
    headers.set('Content-Range', `bytes */${size}`)
    return new Response(null, { status: 416, headers })
  }

  const { start, end } = range ?? { start: 0, end: size - 1 }
  headers.set('Content-Length', String(end - start + 1))
  if (range) headers.set('Content-Range', `bytes ${start}-${end}/${size}`)
  const status = range ? 206 : 200
  if (request.method === 'HEAD' || size === 0) {
    await file.close()
    return new Response(null, { status, headers })
  }
  return new Response(file.body({ start, end }), { status, headers })
}

/** If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2); ETags compare weakly here. */
function isNotModified(requestHeaders: Headers, etag: string, modified: Date): boolean {
  const ifNoneMatch = requestHeaders.get('if-none-match')
  if (ifNoneMatch !== null) return ifNoneMatchHolds(ifNoneMatch, etag)
  const since = Date.parse(requestHeaders.get('if-modified-since') ?? '')
  return !Number.isNaN(since) && wholeSeconds(modified) <= since
}

/** If-Range: serve the range only if the client's copy is still the current file, else all of it. */
function rangeStillValid(requestHeaders: Headers, etag: string, modified: Date): boolean {
  const ifRange = requestHeaders.get('if-range')?.trim()
  if (!ifRange) return true
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag
  return Date.parse(ifRange) === wholeSeconds(modified)
}

/** HTTP dates have whole seconds. */
const wholeSeconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000
