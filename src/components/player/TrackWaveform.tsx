'use client'

import { useSyncExternalStore } from 'react'
import { formatDuration } from '@/player/format-duration'
import { usePlayer } from './PlayerProvider'
import { usePeaks } from './usePeaks'
import { WaveformShape } from './WaveformShape'
import styles from './TrackWaveform.module.css'

/** Columns of a track row's small waveform. */
const ROW_COLUMNS = 120

type Props = {
  peaksUrl: string | null | undefined
  playing: boolean
  /** "Played: {{position}} of {{duration}}", read out on the playing row only. */
  progressLabel: string
}

/**
 * A track row's waveform, drawn into the row's box by TrackTableIsland when the row is near the
 * screen or plays. Decorative on every row but the playing one, where it shows how far the track
 * has played; the bottom player stays the one seek control.
 */
export function TrackWaveform({ peaksUrl, playing, progressLabel }: Props) {
  const { clock } = usePlayer()
  const peaks = usePeaks(peaksUrl)
  // Whole seconds: a row redraws once a second at most, and only the playing one.
  const seconds = useSyncExternalStore(
    clock.subscribe,
    () => (playing ? Math.floor(clock.get().time) : 0),
    () => 0,
  )
  const duration = playing ? clock.get().duration : 0
  const played = duration > 0 ? Math.min(seconds / duration, 1) : 0
  const label = progressLabel.replace('{{position}}', formatDuration(seconds)).replace('{{duration}}', formatDuration(duration))
  // Without peaks only the playing row draws something: a plain line that fills as it plays.
  if (!peaks && !playing) return null
  return (
    <span className={styles.fill} {...(playing ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      <WaveformShape peaks={peaks} width={ROW_COLUMNS} played={playing ? played : null} />
    </span>
  )
}
