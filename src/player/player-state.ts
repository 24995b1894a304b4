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
  /** The album, single or playlist the track was started from (the now-playing view shows it). */
  album?: string
  duration?: number | null
  /** The URL of the waveform's JSON (`{ peaks }`, src/player/peaks.ts), or null while there is none. */
  peaks?: string | null
  /** An order's delivered version, readable only by its account: remembered only with that account (player-resume.ts). */
  isPrivate?: boolean
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
  /** Where the current start begins, in seconds: 0, or the remembered position on resume. */
  startPosition: number
  /** A resumed track waits for one press on play; everything the visitor starts plays at once. */
  startPaused: boolean
  /**
   * On shuffle, the index play-next will start, drawn when the current track starts (or shuffle is
   * switched on) so that the player can load it ahead and hand over without a gap; else null.
   */
  shuffleNext: number | null
}

/** What the player's controls and the resume memory ask of its state (PlayerProvider's reducer). */
export type PlayerAction =
  | { type: 'setPlaylist'; playlist: PlayerTrack[]; startIndex?: number }
  | { type: 'resume'; playlist: PlayerTrack[]; index: number; position: number }
  | { type: 'forgetPrivate' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'toggleShuffle' }
  | { type: 'toggleRepeat' }

export const DEFAULT_START_INDEX = 0

export const initialPlayerState: PlayerState = {
  currentTrack: null,
  playlist: [],
  currentIndex: null,
  isShuffling: false,
  isRepeating: false,
  playId: 0,
  startPosition: 0,
  startPaused: false,
  shuffleNext: null,
}

const drawShuffleNext = (state: PlayerState, index: number | null, random: () => number): number | null =>
  state.isShuffling && index !== null && state.playlist.length > 1 ? randomOtherIndex(state.playlist.length, index, random) : null

const playAt = (state: PlayerState, index: number, random: () => number = Math.random): PlayerState => ({
  ...state,
  currentIndex: index,
  currentTrack: state.playlist[index] ?? null,
  playId: state.playId + 1,
  startPosition: 0,
  startPaused: false,
  shuffleNext: drawShuffleNext(state, index, random),
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
  if (state.isShuffling) return playAt(state, state.shuffleNext ?? randomOtherIndex(playlist.length, currentIndex, random), random) // 4.
  if (currentIndex + 1 >= playlist.length) return state // 5. end of the list: no wrap-around
  return playAt(state, currentIndex + 1)
}

/**
 * The track play-next will start when the current one ends, known in advance so the player can
 * load it beforehand and hand over without a gap: the next in the list, the current one again on
 * repeat, the one drawn ahead on shuffle; null at the end of the list.
 */
export function upcomingTrack(state: PlayerState): PlayerTrack | null {
  const { playlist, currentIndex } = state
  if (currentIndex === null) return null
  if (state.isRepeating) return state.currentTrack
  if (state.isShuffling) return state.shuffleNext === null ? null : (playlist[state.shuffleNext] ?? null)
  return playlist[currentIndex + 1] ?? null
}

/** The previous item (media keys, lock screen); at the start of the list nothing changes. */
export function playPrevious(state: PlayerState): PlayerState {
  if (state.currentIndex === null || state.currentIndex === 0) return state
  return playAt(state, state.currentIndex - 1)
}

export function toggleShuffle(state: PlayerState, random: () => number = Math.random): PlayerState {
  const toggled = { ...state, isShuffling: !state.isShuffling }
  return { ...toggled, shuffleNext: drawShuffleNext(toggled, state.currentIndex, random) }
}
export const toggleRepeat = (state: PlayerState): PlayerState => ({ ...state, isRepeating: !state.isRepeating })

/** Puts back a remembered queue: the track at `index` waits, paused, at `position` seconds. */
export function resumeQueue(state: PlayerState, playlist: PlayerTrack[], index: number, position: number): PlayerState {
  const resumed = setPlaylist(state, playlist, index)
  if (!resumed.currentTrack) return resumed
  return { ...resumed, startPosition: Math.max(0, position), startPaused: true }
}

/** The queue without private songs (after a logout); a private current track leaves the player empty. */
export function withoutPrivateTracks(state: PlayerState): PlayerState {
  if (!state.playlist.some((track) => track.isPrivate)) return state
  const playlist = state.playlist.filter((track) => !track.isPrivate)
  const current = state.currentTrack && !state.currentTrack.isPrivate ? state.currentTrack : null
  const currentIndex = current ? playlist.indexOf(current) : -1
  const index = currentIndex >= 0 ? currentIndex : null
  return { ...state, playlist, currentTrack: current, currentIndex: index, shuffleNext: drawShuffleNext({ ...state, playlist }, index, Math.random) }
}

/** Skip-back step of the player (spec section 9). */
export const SKIP_BACK_SECONDS = 10

/** Arrow-key step of the seek slider (issue 21); the page-wide arrow shortcuts keep SKIP_BACK_SECONDS. */
export const KEYBOARD_SEEK_SECONDS = 5
