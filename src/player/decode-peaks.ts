import { spawn } from 'node:child_process'
import { setPriority } from 'node:os'
import { FFMPEG_NICENESS, ffmpegBinary } from '@/downloads/mp3-cache'
import { PeakCollector } from './peaks'

/** Mono at 8 kHz is plenty for a drawing of 1000 slices, and decodes an hour of music in seconds. */
const DECODE_SAMPLE_RATE = 8000

/** An hour of music decodes in well under this on one core; anything longer is a hung ffmpeg. */
const DECODE_TIMEOUT_MS = 5 * 60 * 1000

/** ffmpeg could not read the file as audio: computing again would fail again. */
export class UndecodableAudioError extends Error {}

/**
 * The peaks (peaks.ts) of the audio file at `filePath`, from one pass of ffmpeg decoding it to
 * 16-bit mono PCM on its standard output. The samples are folded into the peaks as they arrive,
 * so no song is ever held in memory whole.
 */
export function decodePeaks(filePath: string): Promise<number[]> {
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', filePath, '-vn', '-ac', '1', '-ar', String(DECODE_SAMPLE_RATE), '-f', 's16le', 'pipe:1']
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: DECODE_TIMEOUT_MS })
    // Background work: it gets the CPU the shop's requests leave over.
    if (child.pid !== undefined) setPriority(child.pid, FFMPEG_NICENESS)
    const collector = new PeakCollector()
    // A chunk may end in the middle of a sample; its first byte waits for the next chunk.
    let leftover: Buffer = Buffer.alloc(0)
    child.stdout.on('data', (chunk: Buffer) => {
      const bytes = leftover.length ? Buffer.concat([leftover, chunk]) : chunk
      const whole = bytes.length - (bytes.length % 2)
      const aligned = Buffer.from(bytes.subarray(0, whole))
      collector.add(new Int16Array(aligned.buffer, aligned.byteOffset, whole / 2))
      leftover = bytes.subarray(whole)
    })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000)
    })
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0) resolve(collector.peaks())
      else if (signal) reject(new Error(`ffmpeg was ended (${signal}) while decoding ${filePath}`))
      else reject(new UndecodableAudioError(`ffmpeg could not decode ${filePath} (exit ${code}): ${errors.trim()}`))
    })
  })
}
