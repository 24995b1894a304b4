'use client'

import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react'
import { formatDuration } from '@/player/format-duration'
import { KEYBOARD_SEEK_SECONDS } from '@/player/player-state'
import { usePeaks } from './usePeaks'
import { WaveformShape } from './WaveformShape'
import styles from './WaveformSeek.module.css'

/** Columns drawn in the bottom player: about its width on a laptop, without a heavy path. */
const SEEK_COLUMNS = 400

type Props = {
  time: number
  duration: number
  peaksUrl: string | null | undefined
  label: string
  of: string
  onSeek: (seconds: number) => void
  /** Moves from where the audio is now: a second key press may come before `time` shows the first one's seek. */
  onSeekBy: (seconds: number) => void
}

/**
 * The bottom player's seek control: the track's waveform, played part in the accent colour, the
 * rest muted; hover shows the time under the pointer, click or drag seeks, and the keyboard
 * works as the ARIA slider pattern says (arrows by KEYBOARD_SEEK_SECONDS, Home, End).
 */
export function WaveformSeek({ time, duration, peaksUrl, label, of, onSeek, onSeekBy }: Props) {
  const peaks = usePeaks(peaksUrl)
  const [hover, setHover] = useState<number | null>(null)
  const dragging = useRef(false)
  const enabled = duration > 0
  const now = enabled ? Math.min(Math.max(time, 0), duration) : 0
  const played = enabled ? now / duration : 0

  const timeAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const share = box.width > 0 ? (event.clientX - box.left) / box.width : 0
    return Math.min(Math.max(share, 0), 1) * duration
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!enabled || event.button !== 0) return
    dragging.current = true
    event.currentTarget.setPointerCapture(event.pointerId)
    onSeek(timeAt(event))
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!enabled) return
    const at = timeAt(event)
    setHover(at)
    if (dragging.current) onSeek(at)
  }
  const stopDragging = () => {
    dragging.current = false
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!enabled || event.altKey || event.ctrlKey || event.metaKey) return
    const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 }[event.key]
    const target = { Home: 0, End: duration }[event.key]
    if (step === undefined && target === undefined) return
    event.preventDefault()
    if (step !== undefined) onSeekBy(step * KEYBOARD_SEEK_SECONDS)
    else if (target !== undefined) onSeek(target)
  }

  return (
    <div
      className={styles.seek}
      role="slider"
      tabIndex={enabled ? 0 : -1}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(now)}
      aria-valuetext={`${formatDuration(now)} ${of} ${formatDuration(duration)}`}
      aria-disabled={!enabled || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stopDragging}
      onPointerCancel={stopDragging}
      onPointerLeave={() => setHover(null)}
      onKeyDown={onKeyDown}
    >
      <WaveformShape peaks={peaks} width={SEEK_COLUMNS} played={played} />
      {hover !== null && (
        <span className={styles.hover} style={{ left: `${(hover / duration) * 100}%` }} aria-hidden="true">
          {formatDuration(hover)}
        </span>
      )}
    </div>
  )
}
