/**
 * The waveform of an audio file as "peaks": PEAKS_COUNT whole numbers from 0 to PEAK_MAX, the
 * loudest sample of each equal time slice, scaled so that the file's loudest slice is PEAK_MAX
 * (a silent file is all 0). Made once per file on the server (decode-peaks.ts), stored with the
 * audio document, drawn by the player and the admin (waveform-path.ts). No server-only imports:
 * the browser's player reads these too.
 */

/** Values per file: finer than any seek bar is wide, yet a few KB of JSON. */
export const PEAKS_COUNT = 1000

/** The loudest slice's value: peaks fit in one byte each. */
export const PEAK_MAX = 255

/** Whether a stored value is a complete peaks array (the job writes nothing else; null until it ran). */
export const isPeaks = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length === PEAKS_COUNT && value.every((peak) => Number.isInteger(peak) && peak >= 0 && peak <= PEAK_MAX)

/** A short fingerprint of a peaks array (FNV-1a, 32 bits): new peaks, new URL and ETag. */
export function peaksVersion(peaks: readonly number[]): string {
  let hash = 0x811c9dc5
  for (const peak of peaks) hash = Math.imul(hash ^ peak, 0x01000193)
  return (hash >>> 0).toString(36)
}

/** The JSON of an audio file's peaks (src/app/api/audio/[id]/peaks/), versioned so that it may be cached for long. */
export const peaksPath = (audioId: number, peaks: readonly number[]): string => `/api/audio/${audioId}/peaks/?v=${peaksVersion(peaks)}`

/** The peaks URL of a (populated) audio document, or null while it has none. */
export function peaksUrlOf(audio: { id: number; peaks?: unknown } | number | null | undefined): string | null {
  if (!audio || typeof audio !== 'object' || !isPeaks(audio.peaks)) return null
  return peaksPath(audio.id, audio.peaks)
}

/** Blocks kept while reading: when full, neighbours are merged, so memory stays flat for songs of any length. */
const MAX_BLOCKS = 16 * PEAKS_COUNT

/**
 * Collects the loudest absolute sample per block of a stream of 16-bit samples whose length is
 * known only at its end. Blocks start at one sample; whenever MAX_BLOCKS are filled, pairs are
 * merged and the block size doubles. At the end the blocks are spread over PEAKS_COUNT slices.
 */
export class PeakCollector {
  private blocks = new Uint16Array(MAX_BLOCKS)
  private filled = 0
  private blockSize = 1
  private inBlock = 0

  add(samples: Int16Array): void {
    for (const sample of samples) {
      if (this.inBlock === 0) {
        if (this.filled === MAX_BLOCKS) this.mergePairs()
        this.blocks[this.filled++] = 0
      }
      const loudness = Math.abs(sample)
      if (loudness > this.blocks[this.filled - 1]) this.blocks[this.filled - 1] = loudness
      this.inBlock = (this.inBlock + 1) % this.blockSize
    }
  }

  /** PEAKS_COUNT values, scaled so the loudest is PEAK_MAX; all 0 for silence or no samples. */
  peaks(): number[] {
    const slices = Array.from({ length: PEAKS_COUNT }, (_, index) => {
      if (this.filled === 0) return 0
      const start = Math.floor((index * this.filled) / PEAKS_COUNT)
      const end = Math.max(start + 1, Math.floor(((index + 1) * this.filled) / PEAKS_COUNT))
      let loudest = 0
      for (let block = start; block < end; block++) loudest = Math.max(loudest, this.blocks[block])
      return loudest
    })
    const loudest = Math.max(...slices)
    return loudest === 0 ? slices.map(() => 0) : slices.map((slice) => Math.round((slice * PEAK_MAX) / loudest))
  }

  private mergePairs(): void {
    for (let pair = 0; pair < MAX_BLOCKS / 2; pair++) this.blocks[pair] = Math.max(this.blocks[2 * pair], this.blocks[2 * pair + 1])
    this.filled = MAX_BLOCKS / 2
    this.blockSize *= 2
  }
}
