import { fileStore } from '@/storage/file-store'
import { zipReadable } from '@/storage/zip-readable'
import type { ExportFile } from './customer-data'

/** Files that went missing from the store are listed in the archive instead of failing the whole export. */
export const MISSING_FILES_NOTE = 'missing-files.txt'

/** The data export as a ZIP made while it is sent (src/storage/zip-readable.ts); missing recordings are named in MISSING_FILES_NOTE. */
export function zipStream(files: ExportFile[]): ReadableStream<Uint8Array> {
  const missing: string[] = []
  return zipReadable(
    files.map((file) => ('content' in file ? file : { name: file.name, open: () => fileStore().open('audio', file.stored) })),
    {
      missing: (name) => missing.push(name),
      trailer: () =>
        missing.length > 0 ? [{ name: MISSING_FILES_NOTE, content: Buffer.from(`Not found in the shop's storage:\n${missing.join('\n')}\n`) }] : [],
    },
  )
}
