import { type AudioTool, FFMPEG_INPUT, FFMPEG_OUTPUT, FfmpegFailure, runFfmpeg } from '@/audio/ffmpeg'
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
export async function decodePeaks(filePath: string, tool?: AudioTool): Promise<number[]> {
  const args = ['-i', FFMPEG_INPUT, '-vn', '-ac', '1', '-ar', String(DECODE_SAMPLE_RATE), '-f', 's16le', FFMPEG_OUTPUT]
  const collector = new PeakCollector()
  // A chunk may end in the middle of a sample; its first byte waits for the next chunk.
  let leftover: Buffer = Buffer.alloc(0)
  const onStdout = (chunk: Buffer) => {
    const bytes = leftover.length ? Buffer.concat([leftover, chunk]) : chunk
    const whole = bytes.length - (bytes.length % 2)
    const aligned = Buffer.from(bytes.subarray(0, whole))
    collector.add(new Int16Array(aligned.buffer, aligned.byteOffset, whole / 2))
    leftover = bytes.subarray(whole)
  }
  try {
    await runFfmpeg({ input: filePath, output: 'stdout', args, timeoutMs: DECODE_TIMEOUT_MS, onStdout, tool })
  } catch (error) {
    if (error instanceof FfmpegFailure && error.signal) throw new Error(`ffmpeg was ended (${error.signal}) while decoding ${filePath}`)
    if (error instanceof FfmpegFailure) throw new UndecodableAudioError(`ffmpeg could not decode ${filePath} (exit ${error.exitCode}): ${error.output}`)
    throw error
  }
  return collector.peaks()
}
