import path from 'node:path'
import { parseFile } from 'music-metadata'
import { type AudioTool, FFMPEG_INPUT, FFMPEG_OUTPUT, runFfmpeg } from '@/audio/ffmpeg'
import { fileStore } from '@/storage/file-store'
import { MP3_BITRATE_KBPS } from './formats'

/** Where the MP3s live on the local disk (src/config/paths.ts); in the bucket under downloads/mp3/ when S3_BUCKET is set. */
export { MP3_CACHE_DIR } from '@/config/paths'

/** A song of an hour converts in well under this on one core; anything longer is a hung ffmpeg. */
export const CONVERSION_TIMEOUT_MS = 10 * 60 * 1000

/** Sample rates at which MPEG-1 Layer III allows 320 kbit/s; others are resampled to 44.1 kHz. */
const MP3_320_RATES = new Set([32000, 44100, 48000])

/** Conversions under way, by target file: concurrent requests for one song share one ffmpeg. */
const conversions = new Map<string, Promise<string | null>>()

/** Names a master's MP3 by its audio id and file name: a replaced file gets a new name, hence a new MP3. */
export const mp3CacheKey = (audioId: number, filename: string): string => `${audioId}-${path.parse(filename).name}`

/** The stored MP3's name (storage area "mp3") of a master. */
const mp3NameOf = (audioId: number, filename: string): string => `${mp3CacheKey(audioId, filename)}.mp3`

/** Removes the MP3 made from a master that is gone, so no copy of a deleted song stays stored. */
export async function removeMp3Of(audioId: number, filename: string): Promise<void> {
  await fileStore().remove('mp3', mp3NameOf(audioId, filename))
}

/**
 * The name (storage area "mp3", src/storage/) of the 320 kbit/s MP3 of the master `filename` of
 * audio document `audioId`, made with ffmpeg on first request and stored, so each is made once;
 * null when the master is gone. ffmpeg runs as a child process, so the server keeps answering
 * meanwhile; the store takes the MP3 only once complete, so nobody is ever served half a file.
 */
export function mp3Of(audioId: number, filename: string): Promise<string | null> {
  const target = mp3NameOf(audioId, filename)
  let conversion = conversions.get(target)
  if (!conversion) {
    conversion = existingOrConverted(filename, target).finally(() => conversions.delete(target))
    conversions.set(target, conversion)
  }
  return conversion
}

async function existingOrConverted(masterName: string, target: string): Promise<string | null> {
  const store = fileStore()
  if (await store.exists('mp3', target)) return target
  // ffmpeg and music-metadata read files: from a bucket, the master is copied to the disk first.
  const converted = await store.withLocalCopy('audio', masterName, async (masterPath) => {
    await store.create('mp3', target, 'audio/mpeg', (output) => encodeMp3(masterPath, output))
    return true
  })
  return converted ? target : null
}

/** Encodes the master at `masterPath` as the download's MP3 at `output` (src/audio/ffmpeg.ts picks and confines the tool). */
export async function encodeMp3(masterPath: string, output: string, tool?: AudioTool): Promise<void> {
  const args = ['-i', FFMPEG_INPUT, '-vn', '-map_metadata', '-1', ...(await mp3CodecArgs(masterPath)), '-f', 'mp3', '-y', FFMPEG_OUTPUT]
  await runFfmpeg({ input: masterPath, output, args, timeoutMs: CONVERSION_TIMEOUT_MS, tool })
}

/** ffmpeg's arguments for the 320 kbit/s MP3 of the master at `masterPath` (also the tagged downloads', src/library/tagged-file.ts). */
export async function mp3CodecArgs(masterPath: string): Promise<string[]> {
  const { format } = await parseFile(masterPath, { duration: false, skipCovers: true })
  const resample = format.sampleRate && MP3_320_RATES.has(format.sampleRate) ? [] : ['-ar', '44100']
  return ['-codec:a', 'libmp3lame', '-b:a', `${MP3_BITRATE_KBPS}k`, ...resample]
}
