/**
 * The sleep timer (issue 34) as pure functions: set, fading, stopped at the position where the
 * fade began, set again by a play within SLEEP_TIMER_REARM_MS, cancelled. Times are wall-clock
 * milliseconds (Date.now()), so a timer read back after a reload keeps its end. The bottom player
 * drives it (useSleepTimer) and plays the fade through a Web Audio gain node along
 * `equalPowerFadeCurve`.
 */
import { SLEEP_FADE_SECONDS, SLEEP_TIMER_FREE_MINUTES, SLEEP_TIMER_REARM_MS } from '@/rules/sleep-timer'

/** A length in minutes, or the end of the track playing when the timer is set. */
export type SleepTimerChoice = { kind: 'minutes'; minutes: number } | { kind: 'endOfTrack' }

type Chosen = { choice: SleepTimerChoice; fadeSeconds: number }

export type SleepTimer =
  | { phase: 'off' }
  /** `endsAt` is null for "end of this track": the playing position decides. */
  | ({ phase: 'running'; endsAt: number | null } & Chosen)
  /** The gain follows the curve from `fadeStartedAt` to `endsAt`; `fadeFrom` is the track position then. */
  | ({ phase: 'fading'; fadeStartedAt: number; endsAt: number; fadeFrom: number } & Chosen)
  /** Paused at `position` (where the fade began); a play before stoppedAt + SLEEP_TIMER_REARM_MS sets it again. */
  | ({ phase: 'stopped'; stoppedAt: number; position: number } & Chosen)

export const SLEEP_TIMER_OFF: SleepTimer = { phase: 'off' }

/** What the player is doing now: wall-clock `now` in ms, `position` and `duration` in seconds. */
export type Playback = { now: number; position: number; duration: number; playing: boolean }

/** A fade length within the limits (whole steps), or the default for anything else. */
export function fadeSecondsOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return SLEEP_FADE_SECONDS.default
  const stepped = Math.round(value / SLEEP_FADE_SECONDS.step) * SLEEP_FADE_SECONDS.step
  return Math.min(Math.max(stepped, SLEEP_FADE_SECONDS.min), SLEEP_FADE_SECONDS.max)
}

/** A timer choice as the player offers it, or null (free lengths are whole minutes within the limits). */
export function sleepTimerChoiceOf(value: unknown): SleepTimerChoice | null {
  if (!value || typeof value !== 'object') return null
  const entry = value as Record<string, unknown>
  if (entry.kind === 'endOfTrack') return { kind: 'endOfTrack' }
  const { minutes } = entry
  if (entry.kind !== 'minutes' || typeof minutes !== 'number' || !Number.isInteger(minutes)) return null
  if (minutes < SLEEP_TIMER_FREE_MINUTES.min || minutes > SLEEP_TIMER_FREE_MINUTES.max) return null
  return { kind: 'minutes', minutes }
}

export function setSleepTimer(choice: SleepTimerChoice, fadeSeconds: number, now: number): SleepTimer {
  const endsAt = choice.kind === 'minutes' ? now + choice.minutes * 60_000 : null
  return { phase: 'running', choice, fadeSeconds: fadeSecondsOf(fadeSeconds), endsAt }
}

/** When the timer ends (ms), or null while that is unknown ("end of this track" with nothing playing). */
export function sleepTimerEnd(timer: SleepTimer, playback: Playback): number | null {
  if (timer.phase === 'fading') return timer.endsAt
  if (timer.phase !== 'running') return null
  if (timer.endsAt !== null) return timer.endsAt
  if (!playback.playing || !(playback.duration > 0)) return null
  return playback.now + Math.max(0, playback.duration - playback.position) * 1000
}

/** The time left until the timer's end (ms), or null when there is none to show. */
export function sleepTimerRemaining(timer: SleepTimer, playback: Playback): number | null {
  const end = sleepTimerEnd(timer, playback)
  return end === null ? null : Math.max(0, end - playback.now)
}

/**
 * The timer at `playback.now`: a running timer starts fading `fadeSeconds` before its end (at once
 * when less is left; the fade then takes what is left), a fading one stops at its end, paused at
 * the position where the fade began, and a stopped one is forgotten after SLEEP_TIMER_REARM_MS.
 */
export function advanceSleepTimer(timer: SleepTimer, playback: Playback): SleepTimer {
  const { now } = playback
  switch (timer.phase) {
    case 'off':
      return timer
    case 'running': {
      const end = sleepTimerEnd(timer, playback)
      if (end === null) return timer
      const { choice, fadeSeconds } = timer
      // Its end passed unseen (a reload long after, a tab frozen): stopped there, where the music was.
      if (now >= end) return advanceSleepTimer({ phase: 'stopped', choice, fadeSeconds, stoppedAt: end, position: playback.position }, playback)
      if (end - now > fadeSeconds * 1000) return timer
      return { phase: 'fading', choice, fadeSeconds, fadeStartedAt: now, endsAt: end, fadeFrom: playback.position }
    }
    case 'fading':
      if (now < timer.endsAt) return timer
      return advanceSleepTimer(
        { phase: 'stopped', choice: timer.choice, fadeSeconds: timer.fadeSeconds, stoppedAt: timer.endsAt, position: timer.fadeFrom },
        playback,
      )
    case 'stopped':
      return now - timer.stoppedAt > SLEEP_TIMER_REARM_MS ? SLEEP_TIMER_OFF : timer
  }
}

/** "End of this track" ends when the track does, whatever the clock said: stopped at the fade's start. */
export function stopAtTrackEnd(timer: SleepTimer, now: number, position: number): SleepTimer {
  if ((timer.phase !== 'running' && timer.phase !== 'fading') || timer.choice.kind !== 'endOfTrack') return timer
  const from = timer.phase === 'fading' ? timer.fadeFrom : position
  return { phase: 'stopped', choice: timer.choice, fadeSeconds: timer.fadeSeconds, stoppedAt: now, position: from }
}

/** A play (button, media key, lock screen) within SLEEP_TIMER_REARM_MS of the stop sets the same timer again. */
export function rearmOnPlay(timer: SleepTimer, now: number): SleepTimer {
  if (timer.phase !== 'stopped') return timer
  if (now - timer.stoppedAt > SLEEP_TIMER_REARM_MS) return SLEEP_TIMER_OFF
  return setSleepTimer(timer.choice, timer.fadeSeconds, now)
}

/** Whether the track's end ends the timer: then the player must not move on to the next track. */
export const endsWithTrack = (timer: SleepTimer): boolean => (timer.phase === 'running' || timer.phase === 'fading') && timer.choice.kind === 'endOfTrack'

/** Equal power: the gain at `progress` (0..1) of a fade-out, cos(progress · π/2). */
export const equalPowerGain = (progress: number): number => Math.cos((Math.min(Math.max(progress, 0), 1) * Math.PI) / 2)

/** The gain the fade has reached at `now`: 1 unless fading. */
export function sleepTimerGain(timer: SleepTimer, now: number): number {
  if (timer.phase !== 'fading') return 1
  const length = timer.endsAt - timer.fadeStartedAt
  return equalPowerGain(length > 0 ? (now - timer.fadeStartedAt) / length : 1)
}

/** Points of the rest of the fade from `fromProgress` to silence, for AudioParam.setValueCurveAtTime. */
export function equalPowerFadeCurve(fromProgress: number, points = 256): Float32Array {
  const curve = new Float32Array(points)
  const from = Math.min(Math.max(fromProgress, 0), 1)
  for (let index = 0; index < points; index++) curve[index] = equalPowerGain(from + ((1 - from) * index) / (points - 1))
  return curve
}

/** A stored timer as a SleepTimer, or off when it is not one (storage is outside input). */
export function sleepTimerOf(value: unknown): SleepTimer {
  if (!value || typeof value !== 'object') return SLEEP_TIMER_OFF
  const entry = value as Record<string, unknown>
  const choice = sleepTimerChoiceOf(entry.choice)
  if (!choice) return SLEEP_TIMER_OFF
  const fadeSeconds = fadeSecondsOf(entry.fadeSeconds)
  const time = (key: string) => (typeof entry[key] === 'number' && Number.isFinite(entry[key]) ? (entry[key] as number) : null)
  const position = (key: string) => Math.max(0, time(key) ?? 0)
  if (entry.phase === 'running') {
    const endsAt = time('endsAt')
    if (choice.kind === 'minutes' && endsAt === null) return SLEEP_TIMER_OFF
    return { phase: 'running', choice, fadeSeconds, endsAt: choice.kind === 'minutes' ? endsAt : null }
  }
  if (entry.phase === 'fading') {
    const [fadeStartedAt, endsAt] = [time('fadeStartedAt'), time('endsAt')]
    if (fadeStartedAt === null || endsAt === null || endsAt < fadeStartedAt) return SLEEP_TIMER_OFF
    return { phase: 'fading', choice, fadeSeconds, fadeStartedAt, endsAt, fadeFrom: position('fadeFrom') }
  }
  if (entry.phase === 'stopped') {
    const stoppedAt = time('stoppedAt')
    if (stoppedAt === null) return SLEEP_TIMER_OFF
    return { phase: 'stopped', choice, fadeSeconds, stoppedAt, position: position('position') }
  }
  return SLEEP_TIMER_OFF
}
