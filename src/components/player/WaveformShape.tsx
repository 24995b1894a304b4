'use client'

import { useId, useMemo } from 'react'
import { peaksToSvgPath } from '@/player/waveform-path'
import styles from './WaveformShape.module.css'

/** The drawing's height in viewBox units; the SVG is stretched to its box. */
const HEIGHT = 100
/** Without peaks (not computed yet, none readable) a plain line of this height stands in. */
const PLAIN_HEIGHT = 8

/**
 * A waveform in the theme's colours: the rest muted, the `played` share (0..1) in the accent
 * colour, or no played part at all (null). No peaks draw the plain line. `width` is the number of
 * columns drawn: more than the box has pixels only costs path length.
 */
export function WaveformShape({ peaks, width, played }: { peaks: number[] | null; width: number; played: number | null }) {
  const path = useMemo(() => (peaks ? peaksToSvgPath(peaks, width, HEIGHT) : ''), [peaks, width])
  // An id usable in url(#…) as it is, whatever characters React's ids contain.
  const clipId = `waveform${useId().replace(/[^\w-]/g, '')}`
  const shape = (className: string, clipPath?: string) =>
    path ? (
      <path className={className} d={path} clipPath={clipPath} />
    ) : (
      <rect className={className} y={(HEIGHT - PLAIN_HEIGHT) / 2} width={width} height={PLAIN_HEIGHT} rx={PLAIN_HEIGHT / 2} clipPath={clipPath} />
    )
  return (
    <svg className={styles.wave} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {played !== null && (
        <defs>
          <clipPath id={clipId}>
            <rect width={Math.min(Math.max(played, 0), 1) * width} height={HEIGHT} />
          </clipPath>
        </defs>
      )}
      {shape(styles.rest)}
      {played !== null && shape(styles.played, `url(#${clipId})`)}
    </svg>
  )
}
