import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import path from 'node:path'
import type { StorageArea } from '@/storage/areas'
import { fileStore } from '@/storage/file-store'
import { storedChunks } from '@/storage/stored-chunks'
import { formatDuration } from '@/player/format-duration'

/** An entry of an album's ZIP: a stored file, made when the archive reaches it, or a text. */
export type ZipEntry = { name: string; stored: () => Promise<{ area: StorageArea; name: string } | null> } | { name: string; text: string }

/** A title as a file name on every system: no path or reserved characters, no control characters, not too long. */
export const safeFileName = (name: string): string =>
  name
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 100) || 'Audio'

/** "01 Title.mp3": the track's number (two digits at least) and its title. */
export const trackEntryName = (trackNumber: number, title: string, extension: string): string =>
  `${String(trackNumber).padStart(2, '0')} ${safeFileName(title)}.${extension}`

/** The cover's entry name, keeping its type's extension. */
export const coverEntryName = (filename: string): string => `cover${path.extname(filename).toLowerCase() || '.jpg'}`

export type TrackListFacts = {
  album: string
  artist: string
  year?: string
  format: string
  tracks: { trackNumber: number; title: string; duration?: number | null }[]
  /** E.g. "℗ 2026 Lina Sommer": who holds the rights. */
  rights: string
}

/** The album's track list and credits, one file in both languages (German first), with Windows line ends so every editor shows it. */
export const TRACK_LIST_NAME = 'Titelliste - Track list.txt'

export function trackListText(facts: TrackListFacts): string {
  const lines = [
    facts.album,
    `${facts.artist}${facts.year ? ` (${facts.year})` : ''}`,
    '',
    'Titelliste / Track list',
    ...facts.tracks.map(
      ({ trackNumber, title, duration }) => `${String(trackNumber).padStart(2, '0')}  ${title}${duration ? `  (${formatDuration(duration)})` : ''}`,
    ),
    '',
    'Mitwirkende / Credits',
    `Musik, Komposition und Produktion / Music, composition and production: ${facts.artist}`,
    `Format: ${facts.format}`,
    facts.rights,
    '',
  ]
  return lines.join('\r\n')
}

/**
 * A ZIP archive as a stream, made while it is sent: each track is made (tagged, converted) only
 * when the archive reaches it and read in chunks as the client pulls, so the download starts at
 * once and an album never sits in memory whole. Audio and the cover are stored as they are
 * (already compressed), the text deflated.
 */
export function albumZipStream(entries: ZipEntry[]): ReadableStream<Uint8Array> {
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
    for (const entry of entries) {
      if ('text' in entry) {
        const text = new ZipDeflate(entry.name, { level: 6 })
        zip.add(text)
        text.push(Buffer.from(entry.text, 'utf8'), true)
        yield* drain()
        continue
      }
      const source = await entry.stored()
      const stored = source && (await fileStore().open(source.area, source.name))
      if (!stored) throw new Error(`The album's file ${entry.name} could not be made.`)
      const file = new ZipPassThrough(entry.name)
      zip.add(file)
      for await (const chunk of storedChunks(stored)) {
        file.push(chunk)
        yield* drain()
      }
      file.push(new Uint8Array(0), true)
      yield* drain()
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
