'use client'

import Image from 'next/image'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { SKIP_BACK_SECONDS } from '@/player/player-state'
import { formatDuration } from '@/player/format-duration'
import { usePlayer } from './PlayerProvider'
import { useMediaSession } from './useMediaSession'
import { usePlayerKeyboard } from './usePlayerKeyboard'
import { WaveformSeek } from './WaveformSeek'
import styles from './PlayerBar.module.css'

export type PlayerLabels = {
  label: string
  play: string
  pause: string
  back10: string
  next: string
  seek: string
  volume: string
  shuffleOn: string
  shuffleOff: string
  repeatOn: string
  repeatOff: string
  loading: string
  error: string
  nowPlaying: string
  of: string
  artist: string
}

const SKIP_AFTER_ERROR_MS = 2500

/** The bottom player (spec sections 1 and 4); appears once a track is selected. */
export function PlayerBar({ labels }: { labels: PlayerLabels }) {
  const player = usePlayer()
  const { currentTrack, playId, playNext, isShuffling, isRepeating, startPosition, startPaused, clock } = player
  const audioRef = useRef<HTMLAudioElement>(null)
  // Until the metadata is there, a browser may not keep an early seek: repeat it then.
  const pendingStart = useRef(0)
  const [playing, setPlaying] = useState(false)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(0)
  const [volume, setVolume] = useState(0.8)

  // Every track change (and every replay) starts playing from the beginning; a resumed track
  // waits, paused, at its remembered position for one press on play.
  useEffect(() => {
    const audio = audioRef.current
    if (!audio) return
    if (!currentTrack) {
      audio.pause()
      audio.removeAttribute('src')
      clock.set({ time: 0, duration: 0, playing: false })
      return
    }
    setFailed(false)
    setTime(startPosition)
    setDuration(currentTrack.duration ?? 0)
    clock.set({ time: startPosition, duration: currentTrack.duration ?? 0 })
    pendingStart.current = startPosition
    audio.src = currentTrack.audio
    audio.currentTime = startPosition
    if (!startPaused) audio.play().catch(() => setPlaying(false))
  }, [playId, currentTrack, startPosition, startPaused, clock])

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume
  }, [volume])

  // A file that cannot be played never leaves a stuck player: say so, then move on.
  useEffect(() => {
    if (!failed) return
    const timer = setTimeout(playNext, SKIP_AFTER_ERROR_MS)
    return () => clearTimeout(timer)
  }, [failed, playNext])

  const togglePlay = useCallback(() => {
    const audio = audioRef.current
    if (!audio || !currentTrack) return
    if (audio.paused) audio.play().catch(() => setPlaying(false))
    else audio.pause()
  }, [currentTrack])

  const seekBy = useCallback((seconds: number) => {
    const audio = audioRef.current
    if (!audio) return
    const end = Number.isFinite(audio.duration) ? audio.duration : Number.POSITIVE_INFINITY
    audio.currentTime = Math.min(Math.max(0, audio.currentTime + seconds), end)
  }, [])

  const seekTo = useCallback((seconds: number) => {
    if (audioRef.current) audioRef.current.currentTime = seconds
  }, [])

  useMediaSession({ audioRef, player, artist: labels.artist, seekBy, seekTo })
  usePlayerKeyboard({ enabled: Boolean(currentTrack), togglePlay, seekBy })

  const status = failed ? labels.error : loading ? labels.loading : null

  return (
    <section className={styles.bar} aria-label={labels.label} hidden={!currentTrack} data-testid="player">
      <audio
        ref={audioRef}
        preload="metadata"
        onPlay={() => {
          setPlaying(true)
          clock.set({ playing: true })
        }}
        onPause={() => {
          setPlaying(false)
          clock.set({ playing: false })
        }}
        onLoadedMetadata={(event) => {
          // A resumed track stays paused and only loads its metadata: it is ready now.
          if (event.currentTarget.paused) setLoading(false)
          if (pendingStart.current > 0) event.currentTarget.currentTime = pendingStart.current
          pendingStart.current = 0
        }}
        onTimeUpdate={(event) => {
          setTime(event.currentTarget.currentTime)
          clock.set({ time: event.currentTarget.currentTime })
        }}
        onDurationChange={(event) => {
          const { duration } = event.currentTarget
          if (!Number.isFinite(duration)) return
          setDuration(duration)
          clock.set({ duration })
        }}
        onWaiting={() => setLoading(true)}
        onLoadStart={() => setLoading(true)}
        onCanPlay={() => setLoading(false)}
        onPlaying={() => setLoading(false)}
        onEnded={playNext}
        onError={() => currentTrack && setFailed(true)}
      />
      {currentTrack && (
        <>
          <div className={styles.track}>
            {currentTrack.cover ? (
              <Image className={styles.cover} src={currentTrack.cover} alt="" width={48} height={48} sizes="48px" />
            ) : (
              <span className={styles.cover} aria-hidden="true" />
            )}
            <div className={styles.titles}>
              <span className={styles.kicker}>{labels.nowPlaying}</span>
              <span className={styles.title} data-testid="player-title">
                {currentTrack.title}
              </span>
              <span className={styles.status} role="status">
                {status}
              </span>
            </div>
          </div>

          <div className={styles.controls}>
            <ControlButton label={labels.back10} onClick={() => seekBy(-SKIP_BACK_SECONDS)}>
              <Icon path="M12 5V1L7 6l5 5V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z" />
              <span className={styles.ten} aria-hidden="true">
                10
              </span>
            </ControlButton>
            <ControlButton label={playing ? labels.pause : labels.play} onClick={togglePlay} className={styles.playButton}>
              {playing ? <Icon path="M7 5h4v14H7zM13 5h4v14h-4z" /> : <Icon path="M8 5v14l11-7z" />}
            </ControlButton>
            <ControlButton label={labels.next} onClick={playNext}>
              <Icon path="M6 6v12l8.5-6zM16 6h2v12h-2z" />
            </ControlButton>
            <ControlButton label={isShuffling ? labels.shuffleOff : labels.shuffleOn} onClick={player.toggleShuffle} pressed={isShuffling}>
              <Icon path="M10.6 9.2 5.4 4 4 5.4l5.2 5.2zM14.5 4l2 2L4 18.6 5.4 20 18 7.5l2 2V4zm.3 9.4-1.4 1.4 3.1 3.1-2 2H20v-5.5l-2 2z" />
            </ControlButton>
            <ControlButton label={isRepeating ? labels.repeatOff : labels.repeatOn} onClick={player.toggleRepeat} pressed={isRepeating}>
              <Icon path="M7 7h10v3l4-4-4-4v3H5v6h2zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2z" />
            </ControlButton>
          </div>

          <div className={styles.timeline}>
            <span className={styles.time}>{formatDuration(time)}</span>
            <WaveformSeek time={time} duration={duration} peaksUrl={currentTrack.peaks} label={labels.seek} of={labels.of} onSeek={seekTo} onSeekBy={seekBy} />
            <span className={styles.time}>{formatDuration(duration)}</span>
          </div>

          <label className={styles.volume}>
            <span className={styles.visuallyHidden}>{labels.volume}</span>
            <Icon path="M4 9v6h4l5 5V4L8 9zm12.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z" />
            <input
              type="range"
              className={styles.slider}
              min={0}
              max={1}
              step={0.05}
              value={volume}
              onChange={(event) => setVolume(Number(event.currentTarget.value))}
              aria-valuetext={`${Math.round(volume * 100)} %`}
            />
          </label>
        </>
      )}
    </section>
  )
}

/** An icon button whose accessible name (and tooltip) says what it does now. */
function ControlButton(props: { label: string; onClick: () => void; pressed?: boolean; className?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`icon-button ${styles.iconButton} ${props.className ?? ''}`}
      onClick={props.onClick}
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
    >
      {props.children}
    </button>
  )
}

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  )
}
