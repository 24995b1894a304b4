import { spawn } from 'node:child_process'
import { setPriority } from 'node:os'
import path from 'node:path'
import { parseFile } from 'music-metadata'
import { fileStore } from '@/storage/file-store'
import { MP3_BITRATE_KBPS } from './formats'

/** Where the MP3s live on the local disk (src/config/paths.ts); in the bucket under downloads/mp3/ when S3_BUCKET is set. */
export { MP3_CACHE_DIR } from '@/config/paths'

/** A song of an hour converts in well under this on one core; anything longer is a hung ffmpeg. */
const CONVERSION_TIMEOUT_MS = 10 * 60 * 1000

/** The niceness ffmpeg runs at (0 is normal, 19 the lowest priority). */
export const FFMPEG_NICENESS = 10

/** Sample rates at which MPEG-1 Layer III allows 320 kbit/s; others are resampled to 44.1 kHz. */
const MP3_320_RATES = new Set([32000, 44100, 48000])

/** Conversions under way, by target file: concurrent requests for one song share one ffmpeg. */
const conversions = new Map<string, Promise<string | null>>()

export const ffmpegBinary = (): string => process.env.FFMPEG_PATH || 'ffmpeg'

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
    await store.create('mp3', target, 'audio/mpeg', async (output) => runFfmpeg(await ffmpegArguments(masterPath, output)))
    return true
  })
  return converted ? target : null
}

async function ffmpegArguments(masterPath: string, output: string): Promise<string[]> {
  const { format } = await parseFile(masterPath, { duration: false, skipCovers: true })
  const resample = format.sampleRate && MP3_320_RATES.has(format.sampleRate) ? [] : ['-ar', '44100']
  return [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    masterPath,
    '-vn',
    '-map_metadata',
    '-1',
    '-codec:a',
    'libmp3lame',
    '-b:a',
    `${MP3_BITRATE_KBPS}k`,
    ...resample,
    '-f',
    'mp3',
    '-y',
    output,
  ]
}

function runFfmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // turbopackIgnore: the binary is found at run time; the build need not trace a path for it.
    const child = spawn(/*turbopackIgnore: true*/ ffmpegBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: CONVERSION_TIMEOUT_MS })
    // A conversion is background work: it gets the CPU the shop's requests leave over.
    if (child.pid !== undefined) setPriority(child.pid, FFMPEG_NICENESS)
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000)
    })
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`ffmpeg failed (${signal ?? `exit ${code}`}): ${errors.trim()}`))
    })
  })
}
