import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { silentWav, toneWav } from '../support/audio'
import { decodePeaks, UndecodableAudioError } from '../../src/player/decode-peaks'
import { isPeaks, PEAK_MAX, PEAKS_COUNT, PeakCollector, peaksUrlOf, peaksVersion } from '../../src/player/peaks'
import { peaksToSvgPath } from '../../src/player/waveform-path'

/**
 * The waveform's peaks: folding a stream of samples into PEAKS_COUNT slices scaled to PEAK_MAX,
 * decoding real files with ffmpeg, and drawing them as an SVG path.
 */

const collect = (...chunks: number[][]): number[] => {
  const collector = new PeakCollector()
  for (const chunk of chunks) collector.add(Int16Array.from(chunk))
  return collector.peaks()
}

describe('PeakCollector', () => {
  it('scales the loudest slice to PEAK_MAX and keeps the others in proportion', () => {
    const loudThenQuiet = [...Array.from({ length: 5000 }, (_, i) => (i % 2 ? -16000 : 3)), ...Array.from({ length: 5000 }, () => 4000)]
    const peaks = collect(loudThenQuiet)
    expect(peaks).toHaveLength(PEAKS_COUNT)
    expect(new Set(peaks.slice(0, 500))).toEqual(new Set([PEAK_MAX]))
    expect(new Set(peaks.slice(500))).toEqual(new Set([Math.round((4000 * PEAK_MAX) / 16000)]))
  })

  it('gives all 0 for silence and for no samples at all', () => {
    expect(collect(new Array(12345).fill(0))).toEqual(new Array(PEAKS_COUNT).fill(0))
    expect(collect()).toEqual(new Array(PEAKS_COUNT).fill(0))
  })

  it('spreads fewer samples than slices over all slices', () => {
    const peaks = collect([0, 32767, 0, -32768])
    expect(peaks).toHaveLength(PEAKS_COUNT)
    expect(peaks.slice(0, 250).every((peak) => peak === 0)).toBe(true)
    expect(peaks.slice(250, 500).every((peak) => peak === PEAK_MAX)).toBe(true)
    expect(peaks[999]).toBe(PEAK_MAX)
  })

  it('places a short click in a long stream in its slice, whatever the chunks (blocks merged many times over)', () => {
    const length = 300_000
    const samples = new Array(length).fill(100)
    samples[210_037] = -30000
    const whole = collect(samples)
    const chunked = collect(samples.slice(0, 99_999), samples.slice(99_999, 100_000), samples.slice(100_000))
    expect(chunked).toEqual(whole)
    expect(whole.indexOf(PEAK_MAX)).toBe(Math.floor((210_037 / length) * PEAKS_COUNT))
    expect(whole.filter((peak) => peak === PEAK_MAX)).toHaveLength(1)
    expect(Math.max(...whole.filter((peak) => peak !== PEAK_MAX))).toBe(1)
  })
})

describe('decodePeaks (ffmpeg)', () => {
  let folder: string
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'peaks-'))
  })
  afterAll(() => rm(folder, { recursive: true, force: true }))

  it('reads a WAV with a loud and a quiet half: the loud half has the higher peaks', async () => {
    const file = path.join(folder, 'tone.wav')
    await writeFile(
      file,
      toneWav([
        { seconds: 2, amplitude: 0.8 },
        { seconds: 2, amplitude: 0.1 },
      ]),
    )
    const peaks = await decodePeaks(file)
    expect(isPeaks(peaks)).toBe(true)
    expect(Math.min(...peaks.slice(0, 495))).toBeGreaterThan(240)
    expect(Math.max(...peaks.slice(505))).toBeLessThan(40)
    expect(Math.min(...peaks.slice(505))).toBeGreaterThan(20)
  })

  it('gives all 0 for a silent file', async () => {
    const file = path.join(folder, 'silence.wav')
    await writeFile(file, silentWav(2))
    expect(await decodePeaks(file)).toEqual(new Array(PEAKS_COUNT).fill(0))
  })

  it('refuses a file ffmpeg cannot decode with UndecodableAudioError', async () => {
    const file = path.join(folder, 'broken.wav')
    await writeFile(file, Buffer.from('RIFF\0\0\0\0WAVE not really audio'))
    await expect(decodePeaks(file)).rejects.toBeInstanceOf(UndecodableAudioError)
  })
})

describe('peaks URLs', () => {
  const peaks = Array.from({ length: PEAKS_COUNT }, (_, i) => i % 256)

  it('names the versioned JSON of an audio document with peaks, and nothing without', () => {
    expect(peaksUrlOf({ id: 12, peaks })).toBe(`/api/audio/12/peaks/?v=${peaksVersion(peaks)}`)
    expect(peaksUrlOf({ id: 12, peaks: null })).toBeNull()
    expect(peaksUrlOf({ id: 12, peaks: peaks.slice(1) })).toBeNull()
    expect(peaksUrlOf(12)).toBeNull()
  })

  it('gives other peaks another version', () => {
    expect(peaksVersion([...peaks.slice(0, -1), 7])).not.toBe(peaksVersion(peaks))
  })
})

describe('peaksToSvgPath', () => {
  const numbers = (path: string) => path.match(/-?\d+(\.\d+)?/g)!.map(Number)

  it('draws a closed shape mirrored around the middle, reaching the edges at PEAK_MAX', () => {
    const d = peaksToSvgPath([0, PEAK_MAX, 0, PEAK_MAX / 5], 4, 10)
    expect(d).toBe('M0 5L0.5 5L1.5 0L2.5 5L3.5 4L4 5L3.5 6L2.5 5L1.5 10L0.5 5Z')
  })

  it('merges more peaks than the width has pixels, the loudest winning', () => {
    const many = new Array(PEAKS_COUNT).fill(0)
    many[640] = PEAK_MAX
    const d = peaksToSvgPath(many, 100, 40)
    expect(d.match(/L/g)).toHaveLength(2 * 100 + 1)
    const ys = numbers(d).filter((_, i) => i % 2 === 1)
    expect(Math.min(...ys)).toBe(0)
    expect(Math.max(...ys)).toBe(40)
    expect(d).toContain('L64.5 0')
  })

  it('draws a flat line for silence and nothing without peaks or room', () => {
    const ys = numbers(peaksToSvgPath(new Array(PEAKS_COUNT).fill(0), 200, 30)).filter((_, i) => i % 2 === 1)
    expect(new Set(ys)).toEqual(new Set([15]))
    expect(peaksToSvgPath([], 200, 30)).toBe('')
    expect(peaksToSvgPath([1, 2], 0, 30)).toBe('')
  })
})
