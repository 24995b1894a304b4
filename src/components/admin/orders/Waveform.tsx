import { isPeaks } from '@/player/peaks'
import { peaksToSvgPath } from '@/player/waveform-path'

/** The drawing's own units; the SVG stretches to the width of the player above it. */
const WIDTH = 512
const HEIGHT = 48

/**
 * An audio file's waveform (src/player/peaks.ts) as a small SVG in the order view, drawn on the
 * server: the admin loads no script for it. Without peaks (not computed yet, or the file could
 * not be decoded) the `pending` text stands in its place.
 */
export function Waveform({ peaks, label, pending }: { peaks: unknown; label: string; pending: string }) {
  if (!isPeaks(peaks)) return <p className="shop-hint">{pending}</p>
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      style={{ display: 'block', width: '100%', maxWidth: '32rem', height: '3rem', color: 'var(--theme-elevation-500)' }}
    >
      <path d={peaksToSvgPath(peaks, WIDTH, HEIGHT)} fill="currentColor" />
    </svg>
  )
}
