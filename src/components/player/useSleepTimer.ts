'use client'

import { useCallback, useEffect, useRef, useState } from 'react'
import type { PlaybackClock } from '@/player/playback-clock'
import { NO_SLEEP_TIMER_MEMORY, parseSleepTimerMemory, SLEEP_TIMER_STORAGE_KEY, type SleepTimerMemory } from '@/player/sleep-timer-memory'
import {
  advanceSleepTimer,
  endsWithTrack,
  fadeSecondsOf,
  type Playback,
  rearmOnPlay,
  setSleepTimer,
  SLEEP_TIMER_OFF,
  type SleepTimer,
  type SleepTimerChoice,
  sleepTimerRemaining,
  stopAtTrackEnd,
} from '@/player/sleep-timer'
import { SLEEP_TIMER_REARM_MS } from '@/rules/sleep-timer'
import type { FadeGraph } from './fade-graph'

/** How often the remaining time is redrawn (the fade and the stop have timers of their own). */
const DISPLAY_TICK_MS = 1000

function readMemory(): SleepTimerMemory {
  try {
    return parseSleepTimerMemory(localStorage.getItem(SLEEP_TIMER_STORAGE_KEY))
  } catch {
    return NO_SLEEP_TIMER_MEMORY
  }
}

function writeMemory(memory: SleepTimerMemory) {
  try {
    localStorage.setItem(SLEEP_TIMER_STORAGE_KEY, JSON.stringify(memory))
  } catch {
    // Not remembered this time (storage full or switched off).
  }
}

/** What changed for the visitor, told once to screen readers (never the seconds ticking). */
export type SleepTimerNews = { kind: 'set'; choice: SleepTimerChoice } | { kind: 'cancelled' } | { kind: 'stopped' } | null

type Options = {
  /** The element playing now. */
  active: () => HTMLAudioElement | null
  graph: () => FadeGraph | null
  clock: PlaybackClock
}

/**
 * The sleep timer in the bottom player: advances the pure timer (src/player/sleep-timer.ts) on
 * time, fades through the FadeGraph, stops paused at the fade's start, remembers fade length,
 * last choice and the timer itself in localStorage (a reload keeps its end), and sets it again on
 * a play within SLEEP_TIMER_REARM_MS of the stop.
 */
export function useSleepTimer({ active, graph, clock }: Options) {
  const [memory, setMemory] = useState<SleepTimerMemory>(NO_SLEEP_TIMER_MEMORY)
  const [now, setNow] = useState(() => Date.now())
  const [news, setNews] = useState<SleepTimerNews>(null)
  const memoryRef = useRef(memory)
  const loaded = useRef(false)

  const playback = useCallback((): Playback => {
    const element = active()
    const position = clock.get()
    if (!element) return { now: Date.now(), position: position.time, duration: position.duration, playing: false }
    const duration = Number.isFinite(element.duration) ? element.duration : position.duration
    return { now: Date.now(), position: element.currentTime, duration, playing: !element.paused }
  }, [active, clock])

  /** Plays the timer's gain as it should be now: the rest of the fade, or the full volume. */
  const applyGain = useCallback(
    (timer: SleepTimer, at: number) => {
      const fade = graph()
      if (!fade) return
      if (timer.phase !== 'fading') return fade.restore()
      const length = timer.endsAt - timer.fadeStartedAt
      fade.fadeOut(length > 0 ? (at - timer.fadeStartedAt) / length : 1, (timer.endsAt - at) / 1000)
    },
    [graph],
  )

  /** The one way the timer changes: stored, the gain and the stop carried out. */
  const commit = useCallback(
    (next: SleepTimerMemory) => {
      const before = memoryRef.current
      memoryRef.current = next
      setMemory(next)
      setNow(Date.now())
      writeMemory(next)
      const [was, is] = [before.timer, next.timer]
      if (was === is) return
      if (is.phase === 'stopped' && (was.phase === 'fading' || was.phase === 'running')) {
        const element = active()
        if (element) {
          element.pause()
          element.currentTime = is.position
        }
        clock.set({ time: is.position, playing: false })
        setNews({ kind: 'stopped' })
      }
      if (is.phase !== was.phase || is.phase === 'fading') applyGain(is, Date.now())
    },
    [active, applyGain, clock],
  )

  const advance = useCallback(() => {
    const current = memoryRef.current
    const next = advanceSleepTimer(current.timer, playback())
    if (next !== current.timer) commit({ ...current, timer: next })
    else setNow(Date.now())
  }, [commit, playback])

  // Read back once: a timer set before a reload goes on with its end time.
  useEffect(() => {
    if (loaded.current) return
    loaded.current = true
    const stored = readMemory()
    memoryRef.current = stored
    setMemory(stored)
    advance()
  }, [advance])

  // On time: at the fade's start, at the end, when the re-arm window closes; and every second for the display.
  const { timer } = memory
  useEffect(() => {
    if (timer.phase === 'off') return
    const boundary =
      timer.phase === 'running' && timer.endsAt !== null
        ? timer.endsAt - timer.fadeSeconds * 1000
        : timer.phase === 'fading'
          ? timer.endsAt
          : timer.phase === 'stopped'
            ? timer.stoppedAt + SLEEP_TIMER_REARM_MS + 1
            : null
    const display = setInterval(advance, DISPLAY_TICK_MS)
    const exact = boundary === null ? undefined : setTimeout(advance, Math.max(0, boundary - Date.now()))
    return () => {
      clearInterval(display)
      clearTimeout(exact)
    }
  }, [timer, advance])

  // Back in front: wake a context the browser put to sleep, and catch up with an end passed meanwhile.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return
      if (memoryRef.current.timer.phase !== 'off') graph()?.wake()
      advance()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [advance, graph])

  const set = useCallback(
    (choice: SleepTimerChoice) => {
      graph()?.ensure()
      const current = memoryRef.current
      commit({ ...current, last: choice, timer: setSleepTimer(choice, current.fadeSeconds, Date.now()) })
      setNews({ kind: 'set', choice })
      advance()
    },
    [advance, commit, graph],
  )

  const cancel = useCallback(() => {
    commit({ ...memoryRef.current, timer: SLEEP_TIMER_OFF })
    setNews({ kind: 'cancelled' })
  }, [commit])

  const setFadeSeconds = useCallback((seconds: number) => commit({ ...memoryRef.current, fadeSeconds: fadeSecondsOf(seconds) }), [commit])

  /** Every start of playback: within the re-arm window the same timer again; a running one needs the graph. */
  const onPlay = useCallback(() => {
    const current = memoryRef.current
    const next = rearmOnPlay(current.timer, Date.now())
    if (next.phase !== 'off') graph()?.ensure()
    if (next !== current.timer) {
      commit({ ...current, timer: next })
      if (next.phase === 'running') setNews({ kind: 'set', choice: next.choice })
    } else if (next.phase === 'fading') applyGain(next, Date.now())
    advance()
  }, [advance, applyGain, commit, graph])

  /** The playing track ended: true when that ends the timer ("end of this track"), so nothing follows. */
  const onTrackEnd = useCallback((): boolean => {
    const current = memoryRef.current
    if (!endsWithTrack(current.timer)) return false
    const stopped = stopAtTrackEnd(current.timer, Date.now(), playback().position)
    commit({ ...current, timer: stopped })
    return true
  }, [commit, playback])

  return {
    timer,
    fadeSeconds: memory.fadeSeconds,
    last: memory.last,
    remaining: sleepTimerRemaining(timer, { ...playback(), now }),
    endsWithTrack: endsWithTrack(timer),
    news,
    /** Looks at the timer now (the fade of "end of this track" begins on the track's clock). */
    tick: advance,
    set,
    cancel,
    setFadeSeconds,
    onPlay,
    onTrackEnd,
  }
}

export type SleepTimerControls = ReturnType<typeof useSleepTimer>
