import { type FileHandle, open } from 'node:fs/promises'
import { type ByteRange, requestedByteRange } from './byte-range'

export type FileResponseOptions = { contentType: string; cacheControl: string }

/** Read in pieces of this size, so a long track never sits in memory as a whole. */
const CHUNK_SIZE = 64 * 1024

/**
 * Answers GET or HEAD for one file on disk the way audio players and CDNs expect: Range (206,
 * 416), Content-Length, Accept-Ranges, ETag and Last-Modified with 304 for If-None-Match and
 * If-Modified-Since, and If-Range. Returns null when there is no such regular file.
 */
export async function fileResponse(request: Request, filePath: string, options: FileResponseOptions): Promise<Response | null> {
  const file = await openRegularFile(filePath)
  if (!file) return null
  const { handle, size, modified } = file
  // Size and modification time change whenever the file is replaced, so together they are a
  // validator strong enough for If-Range, without hashing the file on every request.
  const etag = `"${size.toString(16)}-${Math.floor(modified.getTime()).toString(16)}"`
  const headers = new Headers({
    'Content-Type': options.contentType,
    'Cache-Control': options.cacheControl,
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': modified.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  })

  if (isNotModified(request.headers, etag, modified)) {
    await handle.close()
    return new Response(null, { status: 304, headers })
  }

  const range = rangeStillValid(request.headers, etag, modified) ? requestedByteRange(request.headers.get('range'), size) : null
  if (range === 'unsatisfiable') {
    await handle.close()
    headers.set('Content-Range', `bytes */${size}`)
    return new Response(null, { status: 416, headers })
  }

  const { start, end } = range ?? { start: 0, end: size - 1 }
  headers.set('Content-Length', String(end - start + 1))
  if (range) headers.set('Content-Range', `bytes ${start}-${end}/${size}`)
  const status = range ? 206 : 200
  if (request.method === 'HEAD' || size === 0) {
    await handle.close()
    return new Response(null, { status, headers })
  }
  return new Response(streamFileRange(handle, { start, end }), { status, headers })
}

/** Opens first and asks the open handle for its size, so size and bytes sent cannot disagree. */
async function openRegularFile(filePath: string): Promise<{ handle: FileHandle; size: number; modified: Date } | null> {
  let handle: FileHandle
  try {
    handle = await open(filePath, 'r')
  } catch (error) {
    if (['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG'].includes((error as NodeJS.ErrnoException).code ?? '')) return null
    throw error
  }
  const stats = await handle.stat()
  if (!stats.isFile()) {
    await handle.close()
    return null
  }
  return { handle, size: stats.size, modified: stats.mtime }
}

/** If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2); ETags compare weakly here. */
function isNotModified(requestHeaders: Headers, etag: string, modified: Date): boolean {
  const ifNoneMatch = requestHeaders.get('if-none-match')
  if (ifNoneMatch !== null) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === etag)
  }
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

/** The bytes start..end of an open file as a web stream; reads on demand and closes the file at the end or on abort. */
function streamFileRange(handle: FileHandle, { start, end }: ByteRange): ReadableStream<Uint8Array> {
  let position = start
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const length = Math.min(CHUNK_SIZE, end + 1 - position)
        const { bytesRead, buffer } = await handle.read(new Uint8Array(length), 0, length, position)
        position += bytesRead
        if (bytesRead > 0) controller.enqueue(buffer.subarray(0, bytesRead))
        // A file that shrank while being sent ends early rather than hanging.
        if (bytesRead === 0 || position > end) {
          await handle.close()
          controller.close()
        }
      } catch (error) {
        await handle.close().catch(() => {})
        controller.error(error)
      }
    },
    cancel: () => handle.close().catch(() => {}),
  })
}
