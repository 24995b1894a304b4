import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import type { ServableFile } from '@/http/file-response'
import { storedChunks } from './stored-chunks'

/** An entry of an archive made while it is sent: bytes at hand (deflated), or a stored file opened when the archive reaches it (stored as it is). */
export type ZipItem = { name: string; content: Uint8Array } | { name: string; open: () => Promise<ServableFile | null> }

export type ZipOptions = {
  /** A stored file that could not be opened: throw to fail the archive, or note it and go on. */
  missing: (name: string) => void
  /** Entries added after all others (what `missing` noted, say). */
  trailer?: () => { name: string; content: Uint8Array }[]
}

/**
 * A ZIP archive as a stream, made while it is sent (the album's ZIP, the data export): each
 * stored file is opened only when the archive reaches it and read in chunks as the client pulls,
 * so the download starts at once and no archive sits in memory whole. Stored files (audio, covers:
 * already compressed) are stored as they are, texts deflated. A client that breaks off releases
 * the file being read.
 */
export function zipReadable(items: ZipItem[], options: ZipOptions): ReadableStream<Uint8Array> {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const ready: Uint8Array[] = []
    let failure: Error | null = null
    const zip = new Zip((error, chunk) => {
      if (error) failure = error
      else ready.push(chunk)
    })
    function* drain() {
      if (failure) throw failure
      while (ready.length > 0) yield ready.shift()!
    }
    const deflated = (name: string, content: Uint8Array) => {
      const entry = new ZipDeflate(name, { level: 6 })
      zip.add(entry)
      entry.push(content, true)
    }
    for (const item of items) {
      if ('content' in item) {
        deflated(item.name, item.content)
        yield* drain()
        continue
      }
      const stored = await item.open()
      if (!stored) {
        options.missing(item.name)
        continue
      }
      const entry = new ZipPassThrough(item.name)
      zip.add(entry)
      for await (const chunk of storedChunks(stored)) {
        entry.push(chunk)
        yield* drain()
      }
      entry.push(new Uint8Array(0), true)
      yield* drain()
    }
    for (const { name, content } of options.trailer?.() ?? []) deflated(name, content)
    zip.end()
    yield* drain()
  }
  const iterator = chunks()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await iterator.next()
        if (done) controller.close()
        else controller.enqueue(value)
      } catch (error) {
        controller.error(error)
      }
    },
    async cancel() {
      await iterator.return(undefined)
    },
  })
}
