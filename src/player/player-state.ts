/**
 * The player's state and its transitions (spec section 4), as pure functions so every rule is
 * unit-tested without a browser. The React provider only wires them to an <audio> element.
 */

export type PlayerTrack = {
  id: number | string
  title: string
  audio: string
  cover?: string | null
  artist?: string
  duration?: number | null
}

export type PlayerState = {
  currentTrack: PlayerTrack | null
  playlist: PlayerTrack[]
  /** null until something is played (spec: "empty until something is played"). */
  currentIndex: number | null
  isShuffling: boolean
  isRepeating: boolean
  /** Bumped on every track start, also when the same track is replayed, so playback restarts. */
  playId: number
}

export const DEFAULT_START_INDEX = 0

export const initialPlayerState: PlayerState = {
  currentTrack: null,
  playlist: [],
  currentIndex: null,
  isShuffling: false,
  isRepeating: false,
  playId: 0,
}

const playAt = (state: PlayerState, index: number): PlayerState => ({
  ...state,
  currentIndex: index,
  currentTrack: state.playlist[index] ?? null,
  playId: state.playId + 1,
})

/** Stores the list, selects the start index (default 0) and makes that track current. */
export function setPlaylist(state: PlayerState, playlist: PlayerTrack[], startIndex = DEFAULT_START_INDEX): PlayerState {
  if (playlist.length === 0) return { ...state, playlist: [], currentIndex: null, currentTrack: null }
  const index = Math.min(Math.max(0, Math.trunc(startIndex)), playlist.length - 1)
  return playAt({ ...state, playlist }, index)
}

/** A uniformly random index other than `current` (when there is more than one to choose from). */
export function randomOtherIndex(length: number, current: number | null, random: () => number): number {
  if (length <= 1 || current === null) return Math.floor(random() * length)
  const pick = Math.floor(random() * (length - 1))
  return pick >= current ? pick + 1 : pick
}

/** Play-next, rules 1–5 of spec section 4; repeat wins over shuffle. */
export function playNext(state: PlayerState, random: () => number = Math.random): PlayerState {
  const { playlist, currentIndex } = state
  if (playlist.length === 0) return state // 1. empty playlist: nothing happens
  if (currentIndex === null) return playAt(state, 0) // 2. no index yet: the first item
  if (state.isRepeating) return playAt(state, currentIndex) // 3. repeat: replay the current track
  if (state.isShuffling) return playAt(state, randomOtherIndex(playlist.length, currentIndex, random)) // 4.
  if (currentIndex + 1 >= playlist.length) return state // 5. end of the list: no wrap-around
  return playAt(state, currentIndex + 1)
}

/** The previous item (media keys, lock screen); at the start of the list nothing changes. */
export function playPrevious(state: PlayerState): PlayerState {
  if (state.currentIndex === null || state.currentIndex === 0) return state
  return playAt(state, state.currentIndex - 1)
}

export const toggleShuffle = (state: PlayerState): PlayerState => ({ ...state, isShuffling: !state.isShuffling })
export const toggleRepeat = (state: PlayerState): PlayerState => ({ ...state, isRepeating: !state.isRepeating })

/** Skip-back step of the player (spec section 9). */
export const SKIP_BACK_SECONDS = 10
