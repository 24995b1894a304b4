import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { FFMPEG_INPUT, FFMPEG_OUTPUT, runFfmpeg } from '@/audio/ffmpeg'
import { AUDIO_WORK_DIR } from '@/config/paths'
import { masterFormatOf } from '@/downloads/formats'
import { CONVERSION_TIMEOUT_MS, mp3CodecArgs } from '@/downloads/mp3-cache'
import type { SaleFormat } from '@/rules/catalog-sale'
import { fileStore } from '@/storage/file-store'
import { type CoverImage, embeddableCoverType, ffmpegMetadataArgs, flacHeadWithPicture, id3v2Tag, type TrackTags } from './tags'

/** A track's master as stored (storage area "audio"). */
export type Master = { audioId: number; filename: string }
/** An album's or track's cover as stored (storage area "images"). */
export type StoredCover = { filename: string; mimeType: string }

/** A made download: its name in the storage area "library", and how it is served. */
export type TaggedFile = { name: string; contentType: string; extension: string }

/** ffmpeg's muxer, content type and extension of each master container, for "the master as uploaded" (its audio copied, its tags replaced). */
const MASTER_MUXERS: Record<string, { muxer: string; extension: string }> = {
  wav: { muxer: 'wav', extension: 'wav' },
  flac: { muxer: 'flac', extension: 'flac' },
  aif: { muxer: 'aiff', extension: 'aiff' },
  aiff: { muxer: 'aiff', extension: 'aiff' },
  mp3: { muxer: 'mp3', extension: 'mp3' },
  ogg: { muxer: 'ogg', extension: 'ogg' },
  oga: { muxer: 'ogg', extension: 'ogg' },
  opus: { muxer: 'ogg', extension: 'opus' },
  m4a: { muxer: 'ipod', extension: 'm4a' },
  aac: { muxer: 'adts', extension: 'aac' },
  webm: { muxer: 'webm', extension: 'webm' },
}

/** How a download in `format` is made from a master: FLAC only from a lossless one (the caller checks). */
function plan(
  master: Master,
  format: SaleFormat,
): { container: 'mp3' | 'flac' | 'other'; muxer: string; extension: string; contentType: string; copyAudio: boolean } {
  const source = masterFormatOf(master.filename)
  if (format === 'mp3') return { container: 'mp3', muxer: 'mp3', extension: 'mp3', contentType: 'audio/mpeg', copyAudio: source.extension === 'mp3' }
  if (format === 'flac') return { container: 'flac', muxer: 'flac', extension: 'flac', contentType: 'audio/flac', copyAudio: source.extension === 'flac' }
  const muxer = MASTER_MUXERS[source.extension] ?? { muxer: 'matroska', extension: 'mka' }
  const container = muxer.muxer === 'mp3' ? 'mp3' : muxer.muxer === 'flac' ? 'flac' : 'other'
  return { container, ...muxer, contentType: source.contentType, copyAudio: true }
}

/** The file type of a track's download in `format` ("01 Title.flac"). */
export const taggedFileExtension = (master: Master, format: SaleFormat): string => plan(master, format).extension

/** Names a download by everything it is made of: another master, format, tag or cover gives another file. */
export function taggedFileName(master: Master, format: SaleFormat, tags: TrackTags, cover: StoredCover | null): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([master.filename, format, tags, cover?.filename ?? null]))
    .digest('hex')
    .slice(0, 24)
  return `${master.audioId}-${format}-${digest}.${plan(master, format).extension}`
}

/** Downloads being made, by name: concurrent requests for one file share one ffmpeg. */
const making = new Map<string, Promise<TaggedFile | null>>()

/**
 * The download of one track in `format`, tagged (title, artist, album, track number, year, cover)
 * with every tag of the master stripped: made with ffmpeg on first request and stored in the
 * storage area "library", so each is made once. Null when the master is gone.
 */
export function taggedTrackFile(master: Master, format: SaleFormat, tags: TrackTags, cover: StoredCover | null): Promise<TaggedFile | null> {
  const name = taggedFileName(master, format, tags, cover)
  let made = making.get(name)
  if (!made) {
    made = existingOrMade(name, master, format, tags, cover).finally(() => making.delete(name))
    making.set(name, made)
  }
  return made
}

async function existingOrMade(name: string, master: Master, format: SaleFormat, tags: TrackTags, cover: StoredCover | null): Promise<TaggedFile | null> {
  const { extension, contentType } = plan(master, format)
  const file = { name, extension, contentType }
  const store = fileStore()
  if (await store.exists('library', name)) return file
  const image = cover ? await coverImage(cover) : null
  const made = await store.withLocalCopy('audio', master.filename, async (masterPath) => {
    await store.create('library', name, contentType, (output) => makeTagged(masterPath, output, master, format, tags, image))
    return true
  })
  return made ? file : null
}

/** The cover's bytes when players can show it (JPEG, PNG) and it fits a FLAC block; else none is embedded. */
async function coverImage(cover: StoredCover): Promise<CoverImage | null> {
  const mimeType = embeddableCoverType(cover.mimeType)
  if (!mimeType) return null
  const data = await fileStore().withLocalCopy('images', cover.filename, (imagePath) => readFile(imagePath))
  return data && data.length < 0xffffff - 1024 ? { data, mimeType } : null
}

async function makeTagged(masterPath: string, output: string, master: Master, format: SaleFormat, tags: TrackTags, cover: CoverImage | null): Promise<void> {
  const how = plan(master, format)
  const codec = how.copyAudio ? ['-codec:a', 'copy'] : how.container === 'mp3' ? await mp3CodecArgs(masterPath) : ['-codec:a', 'flac']
  // The MP3's tag is written here (ffmpeg's would come first and hold the master's leftovers); other containers take ffmpeg's.
  const tagArgs = how.container === 'mp3' ? ['-id3v2_version', '0', '-write_id3v1', '0'] : ffmpegMetadataArgs(tags)
  const args = ['-i', FFMPEG_INPUT, '-vn', '-map', '0:a:0', '-map_metadata', '-1', ...codec, ...tagArgs, '-f', how.muxer, '-y', FFMPEG_OUTPUT]
  if (how.container === 'other' || (how.container === 'flac' && !cover)) {
    await runFfmpeg({ input: masterPath, output, args, timeoutMs: CONVERSION_TIMEOUT_MS })
    return
  }
  await mkdir(AUDIO_WORK_DIR, { recursive: true })
  const folder = await mkdtemp(path.join(AUDIO_WORK_DIR, 'tagging-'))
  try {
    const audioOnly = path.join(folder, `audio.${how.extension}`)
    await runFfmpeg({ input: masterPath, output: audioOnly, args, timeoutMs: CONVERSION_TIMEOUT_MS })
    if (how.container === 'mp3') await writeWithHead(output, id3v2Tag(tags, cover), audioOnly, 0)
    else await writeFlacWithPicture(output, audioOnly, cover!)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** `head`, then the bytes of `from` from `start` on, as the file `output`. */
async function writeWithHead(output: string, head: Buffer, from: string, start: number): Promise<void> {
  await writeFile(output, head)
  await pipeline(createReadStream(from, { start }), createWriteStream(output, { flags: 'a' }))
}

/** The FLAC file `from` with the cover as a PICTURE block among its metadata, as `output`. */
async function writeFlacWithPicture(output: string, from: string, cover: CoverImage): Promise<void> {
  const file = await open(from, 'r')
  try {
    for (let size = 64 * 1024; ; size *= 4) {
      const head = Buffer.alloc(size)
      const { bytesRead } = await file.read(head, 0, size, 0)
      const result = flacHeadWithPicture(head.subarray(0, bytesRead), cover)
      if (result === null || (result === 'need-more' && bytesRead < size)) throw new Error('ffmpeg wrote no FLAC file that can be read.')
      if (result !== 'need-more') {
        await writeWithHead(output, result.metadata, from, result.audioStart)
        return
      }
    }
  } finally {
    await file.close()
  }
}
