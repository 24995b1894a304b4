import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import { fileStore } from '@/storage/file-store'
import { storedChunks } from '@/storage/stored-chunks'
import type { ExportFile } from './customer-data'

/** Files that went missing from the store are listed in the archive instead of failing the whole export. */
export const MISSING_FILES_NOTE = 'missing-files.txt'

/**
 * A ZIP archive as a stream, made while it is sent: audio is stored as it is (already
 * compressed), everything else deflated. Each stored file is read in chunks only when the
 * client pulls, so a large export never sits in memory whole.
 */
export function zipStream(files: ExportFile[]): ReadableStream<Uint8Array> {
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
    const missing: string[] = []
    for (const file of files) {
      if ('content' in file) {
        const entry = new ZipDeflate(file.name, { level: 6 })
        zip.add(entry)
        entry.push(file.content, true)
        yield* drain()
        continue
      }
      const stored = await fileStore().open('audio', file.stored)
      if (!stored) {
        missing.push(file.name)
        continue
      }
      const entry = new ZipPassThrough(file.name)
      zip.add(entry)
      for await (const chunk of storedChunks(stored)) {
        entry.push(chunk)
        yield* drain()
      }
      entry.push(new Uint8Array(0), true)
      yield* drain()
    }
    if (missing.length > 0) {
      const note = new ZipDeflate(MISSING_FILES_NOTE)
      zip.add(note)
      note.push(Buffer.from(`Not found in the shop's storage:\n${missing.join('\n')}\n`), true)
    }
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
