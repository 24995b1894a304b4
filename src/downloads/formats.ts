import path from 'node:path'

/** What a delivered song can be downloaded as: an MP3 made from the master, or the master itself. */
export const DOWNLOAD_FORMATS = ['mp3', 'original'] as const
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number]

export const isDownloadFormat = (value: unknown): value is DownloadFormat => DOWNLOAD_FORMATS.includes(value as DownloadFormat)

/** The master's real format, named by its file type (the upload check made sure the content matches). */
export type MasterFormat = { name: string; extension: string; contentType: string; lossless: boolean }

const MASTER_FORMATS: Record<string, Omit<MasterFormat, 'extension'>> = {
  wav: { name: 'WAV', contentType: 'audio/wav', lossless: true },
  flac: { name: 'FLAC', contentType: 'audio/flac', lossless: true },
  aif: { name: 'AIFF', contentType: 'audio/aiff', lossless: true },
  aiff: { name: 'AIFF', contentType: 'audio/aiff', lossless: true },
  mp3: { name: 'MP3', contentType: 'audio/mpeg', lossless: false },
  ogg: { name: 'OGG', contentType: 'audio/ogg', lossless: false },
  oga: { name: 'OGG', contentType: 'audio/ogg', lossless: false },
  opus: { name: 'Opus', contentType: 'audio/ogg', lossless: false },
  m4a: { name: 'M4A', contentType: 'audio/mp4', lossless: false },
  aac: { name: 'AAC', contentType: 'audio/aac', lossless: false },
  webm: { name: 'WebM', contentType: 'audio/webm', lossless: false },
}

export function masterFormatOf(filename: string): MasterFormat {
  const extension = path.extname(filename).slice(1).toLowerCase()
  const known = MASTER_FORMATS[extension]
  return known ? { ...known, extension } : { name: extension.toUpperCase() || 'Audio', extension, contentType: 'application/octet-stream', lossless: false }
}

/** The formats offered for a master: an MP3 master is offered as the original only (a second MP3 of it would only lose quality). */
export const downloadFormatsFor = (filename: string): DownloadFormat[] => (masterFormatOf(filename).extension === 'mp3' ? ['original'] : ['mp3', 'original'])

/** The MP3's bit rate: the highest MP3 knows. */
export const MP3_BITRATE_KBPS = 320
