/**
 * The playing track's position, published by the bottom player and read by whoever needs it
 * without re-rendering the whole page (the playing track row's waveform, the resume memory).
 * A tiny external store for React's useSyncExternalStore.
 */

export type PlaybackPosition = { time: number; duration: number; playing: boolean }

export type PlaybackClock = {
  get: () => PlaybackPosition
  set: (change: Partial<PlaybackPosition>) => void
  subscribe: (listener: () => void) => () => void
}

export const STOPPED: PlaybackPosition = { time: 0, duration: 0, playing: false }

export function createPlaybackClock(): PlaybackClock {
  let position = STOPPED
  const listeners = new Set<() => void>()
  return {
    get: () => position,
    set: (change) => {
      position = { ...position, ...change }
      for (const listener of listeners) listener()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
