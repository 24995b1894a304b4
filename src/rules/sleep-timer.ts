/*
 * The player's sleep timer (issue 34): its choices and limits. The timer's logic
 * (src/player/sleep-timer.ts), what is read back from storage, the player's controls and the
 * tests read them here.
 */

/** The ready-made lengths offered in the timer's menu, in minutes. */
export const SLEEP_TIMER_MINUTES = [15, 30, 45, 60, 90] as const

/** A free length, in whole minutes. */
export const SLEEP_TIMER_FREE_MINUTES = { min: 1, max: 480 } as const

/** How long the sound fades out before the timer's end, in seconds (chosen per browser). */
export const SLEEP_FADE_SECONDS = { min: 10, max: 300, default: 30, step: 10 } as const

/** Pressing play within this time after the timer stopped the music sets the same timer again. */
export const SLEEP_TIMER_REARM_MS = 2 * 60 * 1000
