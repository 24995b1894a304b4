'use client'

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { fixedWidthImage } from '@/components/media/optimized-image'
import { SKIP_BACK_SECONDS, type PlayerTrack, upcomingTrack } from '@/player/player-state'
import { formatDuration } from '@/player/format-duration'
import { AudioPair, type FollowedEvent, HANDOVER_ARM_SECONDS, HANDOVER_LEAD_SECONDS, PRELOAD_AHEAD_SECONDS } from './audio-pair'
import { FadeGraph } from './fade-graph'
import type { PlayerLabels } from './player-labels'
import { ControlButton, Icon, ICONS } from './PlayerControls'
import { usePlayer } from './PlayerProvider'
import { SleepTimerAnnouncer, SleepTimerControl } from './SleepTimerControl'
import { useMediaSession } from './useMediaSession'
import { usePlayerKeyboard } from './usePlayerKeyboard'
import { useSleepTimer } from './useSleepTimer'
import { WaveformSeek } from './WaveformSeek'
import styles from './PlayerBar.module.css'

// The now-playing view is fetched when it is opened, never with the bar (React.lazy: next/dynamic
// brought its loader runtime into the bar's script, issue 29).
const NowPlayingView = lazy(() => import('./NowPlayingView').then((module) => ({ default: module.NowPlayingView })))

export type { PlayerLabels }

const SKIP_AFTER_ERROR_MS = 2500

/** The history entry the now-playing view adds, so that the browser's back button closes it. */
const VIEW_HISTORY_MARK = 'nowPlayingView'

/** The bottom player (spec sections 1 and 4); appears once a track is selected. */
export function PlayerBar({ labels }: { labels: PlayerLabels }) {
  const player = usePlayer()
  const { currentTrack, playId, playNext, isShuffling, isRepeating, startPosition, startPaused, clock } = player
  const audioBox = useRef<HTMLDivElement>(null)
  const pairRef = useRef<AudioPair | null>(null)
  const graphRef = useRef<FadeGraph | null>(null)
  /** The playing element (the pair swaps them at a gapless hand-over). */
  const audioRef = useRef<HTMLAudioElement | null>(null)
  /** The track the standby element took over at the last track's end: already playing, not to be loaded. */
  const handedOver = useRef<PlayerTrack | null>(null)
  const handOverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // Until the metadata is there, a browser may not keep an early seek: repeat it then.
  const pendingStart = useRef(0)
  const viewOpener = useRef<HTMLButtonElement>(null)
  const [ready, setReady] = useState(false)
  const [playing, setPlaying] = useState(false)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(0)
  const [volume, setVolume] = useState(0.8)
  const [viewOpen, setViewOpen] = useState(false)

  const active = useCallback(() => pairRef.current?.active ?? null, [])
  const graph = useCallback(() => graphRef.current, [])
  const sleep = useSleepTimer({ active, graph, clock })

  // What the playing element reports, read through a ref so the listeners never go stale.
  const onEvent = useRef<(type: FollowedEvent | 'timer', element: HTMLAudioElement) => void>(() => undefined)
  /** Starts the loaded next track and makes it the current one; false when it is not ready (then it loads as before). */
  const handOver = (): boolean => {
    const pair = pairRef.current
    const upcoming = upcomingTrack(player)
    if (!pair || !upcoming || sleep.endsWithTrack || !pair.holds(upcoming.audio)) return false
    handedOver.current = upcoming
    audioRef.current = pair.handOver()
    playNext()
    return true
  }
  onEvent.current = (type, element) => {
    if (type === 'timer') {
      // The hand-over's timer: still playing towards the end, nobody paused or sought meanwhile.
      const left = element.duration - element.currentTime
      if (element === pairRef.current?.active && !element.paused && left < HANDOVER_LEAD_SECONDS + 0.1) handOver()
      return
    }
    switch (type) {
      case 'play':
        setPlaying(true)
        clock.set({ playing: true })
        sleep.onPlay()
        return
      case 'pause':
        setPlaying(false)
        clock.set({ playing: false })
        return
      case 'loadedmetadata':
        // A resumed track stays paused and only loads its metadata: it is ready now.
        if (element.paused) setLoading(false)
        if (pendingStart.current > 0) element.currentTime = pendingStart.current
        pendingStart.current = 0
        return
      case 'timeupdate': {
        setTime(element.currentTime)
        clock.set({ time: element.currentTime })
        const upcoming = upcomingTrack(player)
        const left = (Number.isFinite(element.duration) ? element.duration : duration) - element.currentTime
        if (upcoming && !sleep.endsWithTrack && left < PRELOAD_AHEAD_SECONDS) pairRef.current?.preload(upcoming.audio)
        // "End of this track" follows the track's own clock (a timeupdate every quarter second or so).
        if (sleep.endsWithTrack) sleep.tick()
        else if (upcoming && !element.paused && left < HANDOVER_ARM_SECONDS && handOverTimer.current === undefined) {
          const wait = (Math.max(0, left - HANDOVER_LEAD_SECONDS) / (element.playbackRate || 1)) * 1000
          handOverTimer.current = setTimeout(() => {
            handOverTimer.current = undefined
            onEvent.current('timer', element)
          }, wait)
        }
        return
      }
      case 'durationchange':
        if (!Number.isFinite(element.duration)) return
        setDuration(element.duration)
        clock.set({ duration: element.duration })
        return
      case 'waiting':
      case 'loadstart':
        setLoading(true)
        return
      case 'canplay':
      case 'playing':
        setLoading(false)
        return
      case 'ended':
        // Also where the hand-over's timer came too late (a background tab runs timers once a second).
        if (!sleep.onTrackEnd() && !handOver()) playNext()
        return
      case 'error':
        if (currentTrack) setFailed(true)
    }
  }

  // The two elements are made here, not rendered by React: the playing one must move first in the DOM.
  useEffect(() => {
    const box = audioBox.current
    if (!box) return
    const pair = new AudioPair(box, (type, element) => onEvent.current(type, element))
    pairRef.current = pair
    graphRef.current = new FadeGraph(pair.elements)
    audioRef.current = pair.active
    setReady(true)
    return () => {
      clearTimeout(handOverTimer.current)
      for (const element of pair.elements) {
        element.pause()
        element.remove()
      }
      pairRef.current = null
      setReady(false)
    }
  }, [])

  // Every track change (and every replay) starts playing from the beginning; a resumed track
  // waits, paused, at its remembered position for one press on play.
  useEffect(() => {
    const pair = pairRef.current
    if (!pair) return
    const audio = pair.active
    audioRef.current = audio
    if (!currentTrack) {
      audio.pause()
      audio.removeAttribute('src')
      pair.dropStandby()
      clock.set({ time: 0, duration: 0, playing: false })
      return
    }
    setFailed(false)
    if (handedOver.current === currentTrack) {
      // Playing already, since the previous track's last sample.
      handedOver.current = null
      setTime(audio.currentTime)
      setDuration(Number.isFinite(audio.duration) ? audio.duration : (currentTrack.duration ?? 0))
      clock.set({ time: audio.currentTime, duration: Number.isFinite(audio.duration) ? audio.duration : (currentTrack.duration ?? 0) })
      return
    }
    handedOver.current = null
    setTime(startPosition)
    setDuration(currentTrack.duration ?? 0)
    clock.set({ time: startPosition, duration: currentTrack.duration ?? 0 })
    pendingStart.current = startPosition
    audio.src = currentTrack.audio
    audio.currentTime = startPosition
    if (!startPaused) {
      sleep.onPlay()
      audio.play().catch(() => setPlaying(false))
    }
    // sleep.onPlay is stable; the start depends on the track only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, playId, currentTrack, startPosition, startPaused, clock])

  useEffect(() => {
    if (pairRef.current) pairRef.current.volume = volume
  }, [ready, volume])

  // A file that cannot be played never leaves a stuck player: say so, then move on.
  useEffect(() => {
    if (!failed) return
    const timer = setTimeout(playNext, SKIP_AFTER_ERROR_MS)
    return () => clearTimeout(timer)
  }, [failed, playNext])

  const { onPlay } = sleep
  const play = useCallback(() => {
    const audio = audioRef.current
    if (!audio) return
    // Within the press: the timer's Web Audio graph may only be made in a user gesture.
    onPlay()
    audio.play().catch(() => setPlaying(false))
  }, [onPlay])

  const togglePlay = useCallback(() => {
    const audio = audioRef.current
    if (!audio || !currentTrack) return
    if (audio.paused) play()
    else audio.pause()
  }, [currentTrack, play])

  // The position shown follows a seek at once, not at the element's next timeupdate: a second key
  // press on the seek bar before that counted from the old position.
  const seekTo = useCallback(
    (seconds: number) => {
      const audio = audioRef.current
      if (!audio) return
      audio.currentTime = seconds
      setTime(audio.currentTime)
      clock.set({ time: audio.currentTime })
    },
    [clock],
  )

  const seekBy = useCallback(
    (seconds: number) => {
      const audio = audioRef.current
      if (!audio) return
      const end = Number.isFinite(audio.duration) ? audio.duration : Number.POSITIVE_INFINITY
      seekTo(Math.min(Math.max(0, audio.currentTime + seconds), end))
    },
    [seekTo],
  )

  useMediaSession({ audioRef, player, artist: labels.artist, play, seekBy, seekTo })
  usePlayerKeyboard({ enabled: Boolean(currentTrack) && !viewOpen, togglePlay, seekBy })

  // The now-playing view is a history entry of its own: the back button closes it.
  const openView = () => {
    window.history.pushState({ ...window.history.state, [VIEW_HISTORY_MARK]: true }, '')
    setViewOpen(true)
  }
  const closeView = useCallback(() => {
    if (window.history.state?.[VIEW_HISTORY_MARK]) window.history.back()
    else setViewOpen(false)
  }, [])
  useEffect(() => {
    if (!viewOpen) return
    const opener = viewOpener.current
    const onPopState = () => {
      if (!window.history.state?.[VIEW_HISTORY_MARK]) setViewOpen(false)
    }
    window.addEventListener('popstate', onPopState)
    return () => {
      window.removeEventListener('popstate', onPopState)
      opener?.focus()
    }
  }, [viewOpen])
  useEffect(() => {
    if (!currentTrack && viewOpen) closeView()
  }, [currentTrack, viewOpen, closeView])

  const status = failed ? labels.error : loading ? labels.loading : null

  return (
    <section className={styles.bar} aria-label={labels.label} hidden={!currentTrack} data-testid="player">
      <div ref={audioBox} className={styles.audio} />
      {currentTrack && (
        <>
          <div className={styles.track}>
            <button
              ref={viewOpener}
              type="button"
              className={styles.viewOpener}
              onClick={openView}
              aria-haspopup="dialog"
              aria-label={`${labels.view.open}: ${currentTrack.title}`}
            >
              {currentTrack.cover ? (
                <img className={styles.cover} {...fixedWidthImage(currentTrack.cover, 48)} alt="" width={48} height={48} decoding="async" />
              ) : (
                <span className={styles.cover} aria-hidden="true" />
              )}
              <span className={styles.titles}>
                <span className={styles.kicker}>{labels.nowPlaying}</span>
                <span className={styles.title} data-testid="player-title">
                  {currentTrack.title}
                </span>
              </span>
            </button>
            <span className={styles.status} role="status">
              {status}
            </span>
          </div>

          <div className={styles.controls}>
            <ControlButton label={labels.back10} onClick={() => seekBy(-SKIP_BACK_SECONDS)}>
              <Icon path={ICONS.back10} />
              <span className={styles.ten} aria-hidden="true">
                10
              </span>
            </ControlButton>
            <ControlButton label={playing ? labels.pause : labels.play} onClick={togglePlay} className={styles.playButton}>
              {playing ? <Icon path={ICONS.pause} /> : <Icon path={ICONS.play} />}
            </ControlButton>
            <ControlButton label={labels.next} onClick={playNext}>
              <Icon path={ICONS.next} />
            </ControlButton>
            <span className={styles.wideOnly}>
              <ControlButton label={isShuffling ? labels.shuffleOff : labels.shuffleOn} onClick={player.toggleShuffle} pressed={isShuffling}>
                <Icon path={ICONS.shuffle} />
              </ControlButton>
              <ControlButton label={isRepeating ? labels.repeatOff : labels.repeatOn} onClick={player.toggleRepeat} pressed={isRepeating}>
                <Icon path={ICONS.repeat} />
              </ControlButton>
            </span>
            {/* On a phone only the time left shows here; the timer's menu is in the now-playing view. */}
            {!viewOpen && <SleepTimerControl sleep={sleep} labels={labels.sleep} idPrefix="bar-sleep" className={styles.sleepInBar} />}
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
          <SleepTimerAnnouncer sleep={sleep} labels={labels.sleep} />
          {viewOpen && (
            <Suspense fallback={null}>
              <NowPlayingView
                track={currentTrack}
                labels={labels}
                playing={playing}
                time={time}
                duration={duration}
                isShuffling={isShuffling}
                isRepeating={isRepeating}
                sleep={sleep}
                onClose={closeView}
                onTogglePlay={togglePlay}
                onSeekBy={seekBy}
                onSeekTo={seekTo}
                onNext={playNext}
                onPrevious={player.playPrevious}
                onToggleShuffle={player.toggleShuffle}
                onToggleRepeat={player.toggleRepeat}
              />
            </Suspense>
          )}
        </>
      )}
    </section>
  )
}
