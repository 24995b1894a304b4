import type { ServableFile } from '@/http/file-response'

/**
 * A stored file's bytes from first to last, chunk by chunk as the store reads them, for archives
 * made while they are sent (the album's ZIP, the data export). A consumer that stops early (a
 * download broken off mid-file) releases the file, or the bucket's connection, at once.
 */
export async function* storedChunks(stored: ServableFile): AsyncGenerator<Uint8Array> {
  if (stored.size === 0) {
    await stored.close()
    return
  }
  const reader = stored.body({ start: 0, end: stored.size - 1 }).getReader()
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value
  } finally {
    await reader.cancel().catch(() => {})
  }
}
