import path from 'node:path'
import type { StorageArea } from '@/storage/areas'
import { fileStore } from '@/storage/file-store'
import { zipReadable } from '@/storage/zip-readable'
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
 * The album's ZIP, made while it is sent (src/storage/zip-readable.ts): each track is made
 * (tagged, converted) only when the archive reaches it. A track that cannot be made fails the
 * download rather than leaving a hole in the album.
 */
export function albumZipStream(entries: ZipEntry[]): ReadableStream<Uint8Array> {
  return zipReadable(
    entries.map((entry) =>
      'text' in entry
        ? { name: entry.name, content: Buffer.from(entry.text, 'utf8') }
        : {
            name: entry.name,
            open: async () => {
              const source = await entry.stored()
              return source && fileStore().open(source.area, source.name)
            },
          },
    ),
    {
      missing: (name) => {
        throw new Error(`The album's file ${name} could not be made.`)
      },
    },
  )
}
