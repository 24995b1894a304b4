import { PEAK_MAX } from './peaks'

/** Two decimals are finer than any screen draws; keeps the path short. */
const coordinate = (value: number): string => String(Math.round(value * 100) / 100)

/**
 * The SVG path data (`<path d>`) of a waveform in a box of `width` × `height`: the peaks as one
 * closed shape mirrored around the horizontal middle, left to right over the whole width. More
 * peaks than the width has pixels are merged (loudest wins), so the path stays small. A silent
 * stretch is a flat line through the middle; no peaks draw nothing ("").
 */
export function peaksToSvgPath(peaks: readonly number[], width: number, height: number): string {
  if (peaks.length === 0 || width <= 0 || height <= 0) return ''
  const columns = Math.max(1, Math.min(peaks.length, Math.floor(width)))
  const middle = height / 2
  const tops = Array.from({ length: columns }, (_, column) => {
    const start = Math.floor((column * peaks.length) / columns)
    const end = Math.max(start + 1, Math.floor(((column + 1) * peaks.length) / columns))
    const loudest = Math.max(...peaks.slice(start, end))
    return { x: ((column + 0.5) * width) / columns, reach: (Math.min(loudest, PEAK_MAX) / PEAK_MAX) * middle }
  })
  const upper = tops.map(({ x, reach }) => `L${coordinate(x)} ${coordinate(middle - reach)}`)
  const lower = [...tops].reverse().map(({ x, reach }) => `L${coordinate(x)} ${coordinate(middle + reach)}`)
  return `M0 ${coordinate(middle)}${upper.join('')}L${coordinate(width)} ${coordinate(middle)}${lower.join('')}Z`
}
