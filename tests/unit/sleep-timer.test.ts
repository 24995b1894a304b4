import { NO_SLEEP_TIMER_MEMORY, parseSleepTimerMemory } from '../../src/player/sleep-timer-memory'
import { initialPlayerState, playNext, type PlayerTrack, setPlaylist, toggleRepeat, toggleShuffle, upcomingTrack } from '../../src/player/player-state'
import {
  advanceSleepTimer,
  endsWithTrack,
  equalPowerFadeCurve,
  equalPowerGain,
  fadeSecondsOf,
  type Playback,
  rearmOnPlay,
  setSleepTimer,
  SLEEP_TIMER_OFF,
  sleepTimerChoiceOf,
  sleepTimerGain,
  sleepTimerRemaining,
  stopAtTrackEnd,
} from '../../src/player/sleep-timer'
import { SLEEP_FADE_SECONDS, SLEEP_TIMER_FREE_MINUTES, SLEEP_TIMER_REARM_MS } from '../../src/rules/sleep-timer'

const T0 = 1_800_000_000_000
const playing = (now: number, position = 42, duration = 600): Playback => ({ now, position, duration, playing: true })
const oneMinute = { kind: 'minutes', minutes: 1 } as const

describe('sleep timer', () => {
  it('runs until fadeSeconds before its end, then fades from the position there, then stops paused at that position', () => {
    const set = setSleepTimer(oneMinute, 10, T0)
    expect(set).toEqual({ phase: 'running', choice: oneMinute, fadeSeconds: 10, endsAt: T0 + 60_000 })
    expect(advanceSleepTimer(set, playing(T0 + 49_999))).toBe(set)
    expect(sleepTimerRemaining(set, playing(T0 + 20_000))).toBe(40_000)

    const fading = advanceSleepTimer(set, playing(T0 + 50_000, 93.5))
    expect(fading).toEqual({ phase: 'fading', choice: oneMinute, fadeSeconds: 10, fadeStartedAt: T0 + 50_000, endsAt: T0 + 60_000, fadeFrom: 93.5 })
    expect(advanceSleepTimer(fading, playing(T0 + 59_999, 103.4))).toBe(fading)

    const stopped = advanceSleepTimer(fading, playing(T0 + 60_020, 103.5))
    expect(stopped).toEqual({ phase: 'stopped', choice: oneMinute, fadeSeconds: 10, stoppedAt: T0 + 60_000, position: 93.5 })
  })

  it('fades along the equal-power curve, reaching silence exactly at the end', () => {
    const fading = advanceSleepTimer(setSleepTimer(oneMinute, 10, T0), playing(T0 + 50_000))
    expect(sleepTimerGain(fading, T0 + 50_000)).toBe(1)
    expect(sleepTimerGain(fading, T0 + 55_000)).toBeCloseTo(Math.SQRT1_2, 6)
    expect(sleepTimerGain(fading, T0 + 60_000)).toBeCloseTo(0, 6)
    expect(sleepTimerGain(SLEEP_TIMER_OFF, T0)).toBe(1)
    // Equal power: the squares of fade-out and its mirror add up to one at every point.
    for (const progress of [0.1, 0.3, 0.5, 0.8]) expect(equalPowerGain(progress) ** 2 + equalPowerGain(1 - progress) ** 2).toBeCloseTo(1, 6)
    const rest = equalPowerFadeCurve(0.5, 5)
    expect(rest[0]).toBeCloseTo(Math.SQRT1_2, 6)
    expect(rest[4]).toBeCloseTo(0, 6)
    expect([...rest]).toEqual([...rest].sort((a, b) => b - a))
  })

  it('a timer shorter than its fade fades from the start, over what is left', () => {
    const fading = advanceSleepTimer(setSleepTimer(oneMinute, 300, T0), playing(T0))
    expect(fading).toMatchObject({ phase: 'fading', fadeStartedAt: T0, endsAt: T0 + 60_000 })
    expect(sleepTimerGain(fading, T0 + 30_000)).toBeCloseTo(Math.SQRT1_2, 6)
  })

  it('play within two minutes of the stop sets the same timer again; later it is forgotten', () => {
    const stopped = advanceSleepTimer(advanceSleepTimer(setSleepTimer(oneMinute, 10, T0), playing(T0 + 50_000)), playing(T0 + 60_000))
    expect(rearmOnPlay(stopped, T0 + 60_000 + SLEEP_TIMER_REARM_MS)).toEqual(setSleepTimer(oneMinute, 10, T0 + 60_000 + SLEEP_TIMER_REARM_MS))
    expect(rearmOnPlay(stopped, T0 + 60_001 + SLEEP_TIMER_REARM_MS)).toEqual(SLEEP_TIMER_OFF)
    expect(advanceSleepTimer(stopped, playing(T0 + 60_001 + SLEEP_TIMER_REARM_MS))).toEqual(SLEEP_TIMER_OFF)
    const running = setSleepTimer(oneMinute, 10, T0)
    expect(rearmOnPlay(running, T0 + 1)).toBe(running)
  })

  it('an end passed unseen (a reload long after) stops where the music is', () => {
    const set = setSleepTimer({ kind: 'minutes', minutes: 30 }, 30, T0)
    expect(advanceSleepTimer(set, { now: T0 + 31 * 60_000, position: 12, duration: 600, playing: false })).toEqual({
      phase: 'stopped',
      choice: { kind: 'minutes', minutes: 30 },
      fadeSeconds: 30,
      stoppedAt: T0 + 30 * 60_000,
      position: 12,
    })
    expect(advanceSleepTimer(set, { now: T0 + 40 * 60_000, position: 12, duration: 600, playing: false })).toEqual(SLEEP_TIMER_OFF)
  })

  it('"end of this track" ends with the track: the fade covers its last seconds, and it never moves on', () => {
    const set = setSleepTimer({ kind: 'endOfTrack' }, 30, T0)
    expect(set).toMatchObject({ phase: 'running', endsAt: null })
    expect(endsWithTrack(set)).toBe(true)
    expect(sleepTimerRemaining(set, { now: T0, position: 100, duration: 600, playing: false })).toBeNull()
    expect(sleepTimerRemaining(set, playing(T0, 100, 600))).toBe(500_000)
    expect(advanceSleepTimer(set, playing(T0 + 1000, 569, 600))).toBe(set)
    const fading = advanceSleepTimer(set, playing(T0 + 2000, 570, 600))
    expect(fading).toMatchObject({ phase: 'fading', fadeStartedAt: T0 + 2000, endsAt: T0 + 32_000, fadeFrom: 570 })
    expect(endsWithTrack(fading)).toBe(true)
    expect(stopAtTrackEnd(fading, T0 + 31_990, 600)).toMatchObject({ phase: 'stopped', stoppedAt: T0 + 31_990, position: 570 })
    expect(stopAtTrackEnd(setSleepTimer(oneMinute, 10, T0), T0, 5)).toMatchObject({ phase: 'running' })
  })

  it('keeps choices and fade lengths within the limits of src/rules', () => {
    expect(fadeSecondsOf(undefined)).toBe(SLEEP_FADE_SECONDS.default)
    expect(fadeSecondsOf(1)).toBe(SLEEP_FADE_SECONDS.min)
    expect(fadeSecondsOf(10_000)).toBe(SLEEP_FADE_SECONDS.max)
    expect(fadeSecondsOf(44)).toBe(40)
    expect(sleepTimerChoiceOf({ kind: 'minutes', minutes: SLEEP_TIMER_FREE_MINUTES.max + 1 })).toBeNull()
    expect(sleepTimerChoiceOf({ kind: 'minutes', minutes: 1.5 })).toBeNull()
    expect(sleepTimerChoiceOf({ kind: 'endOfTrack' })).toEqual({ kind: 'endOfTrack' })
  })

  it('is read back from storage with its end time; damaged records fall back to the defaults', () => {
    const timer = advanceSleepTimer(setSleepTimer(oneMinute, 10, T0), playing(T0 + 50_000))
    const memory = { fadeSeconds: 10, last: oneMinute, timer }
    expect(parseSleepTimerMemory(JSON.stringify(memory))).toEqual(memory)
    expect(parseSleepTimerMemory(JSON.stringify({ ...memory, timer: { ...timer, endsAt: 'soon' } }))).toEqual({ ...memory, timer: SLEEP_TIMER_OFF })
    expect(parseSleepTimerMemory(JSON.stringify({ fadeSeconds: 9999, last: { kind: 'minutes', minutes: -3 } })).fadeSeconds).toBe(SLEEP_FADE_SECONDS.max)
    expect(parseSleepTimerMemory('{not json')).toEqual(NO_SLEEP_TIMER_MEMORY)
    expect(parseSleepTimerMemory(null)).toEqual(NO_SLEEP_TIMER_MEMORY)
  })
})

describe('upcomingTrack', () => {
  const track = (id: number): PlayerTrack => ({ id, title: `Track ${id}`, audio: `/media/audio/${id}.mp3` })
  it('is the next in the list (loaded ahead for a gapless hand-over), the same on repeat, none at the end', () => {
    const state = setPlaylist(initialPlayerState, [track(1), track(2)], 0)
    expect(upcomingTrack(state)).toEqual(track(2))
    expect(upcomingTrack(setPlaylist(state, state.playlist, 1))).toBeNull()
    expect(upcomingTrack(toggleRepeat(state))).toBe(state.currentTrack)
    expect(upcomingTrack(initialPlayerState)).toBeNull()
  })

  it('on shuffle is drawn ahead, another track than the current one, and play-next starts exactly it', () => {
    const tracks = [1, 2, 3, 4, 5].map(track)
    const draws = [0.9, 0.1, 0.5]
    const random = () => draws.shift() ?? 0
    let state = toggleShuffle(setPlaylist(initialPlayerState, tracks, 2), random)
    // 0.9 of the four others (0, 1, 3, 4) is index 4.
    expect(upcomingTrack(state)).toEqual(track(5))
    for (let step = 0; step < 2; step++) {
      const upcoming = upcomingTrack(state)
      state = playNext(state, random)
      expect(state.currentTrack).toEqual(upcoming)
      expect(upcomingTrack(state)).not.toEqual(state.currentTrack)
    }
    expect(upcomingTrack(toggleShuffle(state))).toEqual(tracks[state.currentIndex! + 1] ?? null)
    expect(upcomingTrack(toggleShuffle(setPlaylist(initialPlayerState, [track(1)], 0)))).toBeNull()
  })
})
