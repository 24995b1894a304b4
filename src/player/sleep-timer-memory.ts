import { fadeSecondsOf, SLEEP_TIMER_OFF, type SleepTimer, type SleepTimerChoice, sleepTimerChoiceOf, sleepTimerOf } from './sleep-timer'

/**
 * The sleep timer's memory (issue 34), beside the queue's (player-resume.ts): the fade length and
 * the last timer chosen in this browser, and the timer itself, so that a reload during a timer
 * keeps its end. A module of its own: only the bottom player, loaded after the page, reads it,
 * while the queue's memory is part of every page's first load.
 */
export const SLEEP_TIMER_STORAGE_KEY = 'player-sleep-timer'

export type SleepTimerMemory = { fadeSeconds: number; last: SleepTimerChoice | null; timer: SleepTimer }

export const NO_SLEEP_TIMER_MEMORY: SleepTimerMemory = { fadeSeconds: fadeSecondsOf(undefined), last: null, timer: SLEEP_TIMER_OFF }

/** What was read back as the timer's memory; anything damaged falls back to the defaults. */
export function parseSleepTimerMemory(stored: string | null): SleepTimerMemory {
  if (!stored) return NO_SLEEP_TIMER_MEMORY
  let value: unknown
  try {
    value = JSON.parse(stored)
  } catch {
    return NO_SLEEP_TIMER_MEMORY
  }
  if (!value || typeof value !== 'object') return NO_SLEEP_TIMER_MEMORY
  const entry = value as Record<string, unknown>
  return { fadeSeconds: fadeSecondsOf(entry.fadeSeconds), last: sleepTimerChoiceOf(entry.last), timer: sleepTimerOf(entry.timer) }
}
