import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { setPriority } from 'node:os'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { parseFile } from 'music-metadata'
import { DATA_DIR } from '@/config/paths'
import { MP3_BITRATE_KBPS } from './formats'

/** The MP3s made from delivered masters, kept so each is made once. */
export const MP3_CACHE_DIR = path.join(/*turbopackIgnore: true*/ DATA_DIR, 'downloads', 'mp3')

/** A song of an hour converts in well under this on one core; anything longer is a hung ffmpeg. */
const CONVERSION_TIMEOUT_MS = 10 * 60 * 1000

/** The niceness ffmpeg runs at (0 is normal, 19 the lowest priority). */
const FFMPEG_NICENESS = 10

/** Sample rates at which MPEG-1 Layer III allows 320 kbit/s; others are resampled to 44.1 kHz. */
const MP3_320_RATES = new Set([32000, 44100, 48000])

/** Conversions under way, by target file: concurrent requests for one song share one ffmpeg. */
const conversions = new Map<string, Promise<string>>()

const ffmpegBinary = (): string => process.env.FFMPEG_PATH || 'ffmpeg'

/** Names a master's MP3 by its audio id and file name: a replaced file gets a new name, hence a new MP3. */
export const mp3CacheKey = (audioId: number, filename: string): string => `${audioId}-${path.parse(filename).name}`

/** Removes the MP3 made from a master that is gone, so no copy of a deleted song stays on disk. */
export async function removeMp3Of(audioId: number, filename: string): Promise<void> {
  await rm(path.join(MP3_CACHE_DIR, `${mp3CacheKey(audioId, filename)}.mp3`), { force: true })
}

/**
 * The path of the 320 kbit/s MP3 of a master, made with ffmpeg on first request and cached under
 * DATA_DIR. ffmpeg runs as a child process, so the server keeps answering meanwhile; it writes to
 * a temporary name renamed into place when complete, so nobody is ever served half a file.
 * `cacheKey` names the master (mp3CacheKey).
 */
export function mp3Of(masterPath: string, cacheKey: string): Promise<string> {
  const target = path.join(MP3_CACHE_DIR, `${cacheKey}.mp3`)
  let conversion = conversions.get(target)
  if (!conversion) {
    conversion = existingOrConverted(masterPath, target).finally(() => conversions.delete(target))
    conversions.set(target, conversion)
  }
  return conversion
}

async function existingOrConverted(masterPath: string, target: string): Promise<string> {
  if (await isFile(target)) return target
  await mkdir(MP3_CACHE_DIR, { recursive: true })
  // A name of its own per conversion: Next bundles the job and the routes apart, each with its own
  // `conversions`, so two conversions of one song can run at once in one process; each renames its
  // own complete file into place, never the other's half.
  const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.partial`
  try {
    await runFfmpeg(await ffmpegArguments(masterPath, partial))
    await rename(partial, target)
    return target
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
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
    const child = spawn(ffmpegBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: CONVERSION_TIMEOUT_MS })
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

async function isFile(filePath: string): Promise<boolean> {
  try {
    return (await stat(filePath)).isFile()
  } catch {
    return false
  }
}
