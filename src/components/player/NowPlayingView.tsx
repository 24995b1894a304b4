'use client'

import { useEffect, useRef } from 'react'
import { NOW_PLAYING_COVER_WIDTHS, responsiveImage } from '@/components/media/optimized-image'
import { formatDuration } from '@/player/format-duration'
import { type PlayerTrack, SKIP_BACK_SECONDS } from '@/player/player-state'
import type { PlayerLabels } from './player-labels'
import { ControlButton, Icon, ICONS } from './PlayerControls'
import { SleepTimerControl } from './SleepTimerControl'
import type { SleepTimerControls } from './useSleepTimer'
import { WaveformSeek } from './WaveformSeek'
import styles from './NowPlayingView.module.css'

type Props = {
  track: PlayerTrack
  labels: PlayerLabels
  playing: boolean
  time: number
  duration: number
  isShuffling: boolean
  isRepeating: boolean
  sleep: SleepTimerControls
  onClose: () => void
  onTogglePlay: () => void
  onSeekBy: (seconds: number) => void
  onSeekTo: (seconds: number) => void
  onNext: () => void
  onPrevious: () => void
  onToggleShuffle: () => void
  onToggleRepeat: () => void
}

/**
 * The now-playing view for phones (issue 34): large cover, the whole title and album, the
 * waveform at full width, all controls and the sleep timer. A modal <dialog>: the page behind is
 * inert, Tab stays inside, Escape and the back button close it (PlayerBar keeps the history
 * entry). Loaded when first opened.
 */
export function NowPlayingView(props: Props) {
  const { track, labels, playing, time, duration, onClose } = props
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (!element.open) element.showModal()
    return () => element.close()
  }, [])

  return (
    <dialog
      ref={dialog}
      className={styles.view}
      aria-labelledby="now-playing-title"
      onCancel={(event) => {
        // Escape: close as the back button does, so the history entry goes too.
        event.preventDefault()
        onClose()
      }}
    >
      <div className={styles.top}>
        <button type="button" className={`icon-button ${styles.close}`} onClick={onClose} aria-label={labels.view.close} title={labels.view.close} autoFocus>
          <Icon path={ICONS.close} />
        </button>
        <span className={styles.kicker}>{labels.view.title}</span>
      </div>
      {track.cover ? (
        <img
          className={styles.cover}
          {...responsiveImage(track.cover, NOW_PLAYING_COVER_WIDTHS)}
          sizes="(max-width: 760px) 80vw, 400px"
          alt=""
          width={640}
          height={640}
          decoding="async"
        />
      ) : (
        <span className={styles.cover} aria-hidden="true" />
      )}
      <div className={styles.titles}>
        <h2 id="now-playing-title" className={styles.title}>
          {track.title}
        </h2>
        {track.album && (
          <p className={styles.album}>
            <span className={styles.visuallyHidden}>{labels.view.album} </span>
            {track.album}
          </p>
        )}
      </div>
      <div className={styles.timeline}>
        <WaveformSeek
          time={time}
          duration={duration}
          peaksUrl={track.peaks}
          label={labels.seek}
          of={labels.of}
          onSeek={props.onSeekTo}
          onSeekBy={props.onSeekBy}
        />
        <div className={styles.times}>
          <span>{formatDuration(time)}</span>
          <span>{formatDuration(duration)}</span>
        </div>
      </div>
      <div className={styles.controls}>
        <ControlButton label={labels.previous} onClick={props.onPrevious}>
          <Icon path={ICONS.previous} />
        </ControlButton>
        <ControlButton label={labels.back10} onClick={() => props.onSeekBy(-SKIP_BACK_SECONDS)}>
          <Icon path={ICONS.back10} />
        </ControlButton>
        <button
          type="button"
          className={`icon-button ${styles.play}`}
          onClick={props.onTogglePlay}
          aria-label={playing ? labels.pause : labels.play}
          title={playing ? labels.pause : labels.play}
        >
          <Icon path={playing ? ICONS.pause : ICONS.play} size={34} />
        </button>
        <ControlButton label={labels.next} onClick={props.onNext}>
          <Icon path={ICONS.next} />
        </ControlButton>
      </div>
      <div className={`${styles.controls} ${styles.modes}`}>
        <ControlButton label={props.isShuffling ? labels.shuffleOff : labels.shuffleOn} onClick={props.onToggleShuffle} pressed={props.isShuffling}>
          <Icon path={ICONS.shuffle} />
        </ControlButton>
        <ControlButton label={props.isRepeating ? labels.repeatOff : labels.repeatOn} onClick={props.onToggleRepeat} pressed={props.isRepeating}>
          <Icon path={ICONS.repeat} />
        </ControlButton>
        <SleepTimerControl sleep={props.sleep} labels={labels.sleep} idPrefix="view-sleep" className={styles.sleepInView} />
      </div>
    </dialog>
  )
}
