import { randomBytes } from 'node:crypto'
import { type FileHandle, mkdir, open, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { ByteRange } from '@/http/byte-range'
import type { ServableFile } from '@/http/file-response'
import { localPathOf, type StorageArea } from './areas'
import type { FileStore } from './file-store-interface'

/** Read in pieces of this size, so a long track never sits in memory as a whole. */
const CHUNK_SIZE = 64 * 1024

/** Files in folders on the local disk (src/config/paths.ts). */
export function localFileStore(): FileStore {
  return {
    kind: 'local',
    async open(area, name) {
      const filePath = localPathOf(area, name)
      return filePath ? openRegularFile(filePath) : null
    },
    async exists(area, name) {
      const filePath = localPathOf(area, name)
      return filePath !== null && (await isFile(filePath))
    },
    async create(area, name, _contentType, make) {
      const target = requirePath(area, name)
      await mkdir(path.dirname(target), { recursive: true })
      // A name of its own per writer (two processes, or two bundles of one, may make the same
      // file at once): each renames its own complete file into place, never another's half.
      const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.partial`
      try {
        await make(partial)
        await rename(partial, target)
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
    },
    async withLocalCopy(area, name, work) {
      const filePath = localPathOf(area, name)
      return filePath && (await isFile(filePath)) ? work(filePath) : null
    },
    async remove(area, name) {
      const filePath = localPathOf(area, name)
      if (filePath) await rm(filePath, { force: true })
    },
  }
}

function requirePath(area: StorageArea, name: string): string {
  const filePath = localPathOf(area, name)
  if (!filePath) throw new Error(`Not a plain file name: ${JSON.stringify(name)}`)
  return filePath
}

const isFile = (filePath: string): Promise<boolean> =>
  stat(filePath).then(
    (stats) => stats.isFile(),
    () => false,
  )

/** Opens first and asks the open handle for its size, so size and bytes sent cannot disagree. */
async function openRegularFile(filePath: string): Promise<ServableFile | null> {
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
  return {
    size: stats.size,
    modified: stats.mtime,
    // Size and modification time change whenever the file is replaced, so together they are a
    // validator strong enough for If-Range, without hashing the file on every request.
    etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtime.getTime()).toString(16)}"`,
    body: (range) => streamFileRange(handle, range),
    close: () => handle.close(),
  }
}

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
