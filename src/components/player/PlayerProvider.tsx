'use client'

import { createContext, type ReactNode, useContext, useMemo, useReducer, useState } from 'react'
import { createPlaybackClock, type PlaybackClock } from '@/player/playback-clock'
import {
  initialPlayerState,
  playNext,
  playPrevious,
  type PlayerAction,
  type PlayerState,
  type PlayerTrack,
  resumeQueue,
  setPlaylist,
  toggleRepeat,
  toggleShuffle,
  withoutPrivateTracks,
} from '@/player/player-state'
import { useResumeMemory } from './useResumeMemory'

function reducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'setPlaylist':
      return setPlaylist(state, action.playlist, action.startIndex)
    case 'resume':
      return resumeQueue(state, action.playlist, action.index, action.position)
    case 'forgetPrivate':
      return withoutPrivateTracks(state)
    case 'next':
      return playNext(state)
    case 'previous':
      return playPrevious(state)
    case 'toggleShuffle':
      return toggleShuffle(state)
    case 'toggleRepeat':
      return toggleRepeat(state)
  }
}

export type PlayerContextValue = PlayerState & {
  setPlaylist: (playlist: PlayerTrack[], startIndex?: number) => void
  playNext: () => void
  playPrevious: () => void
  toggleShuffle: () => void
  toggleRepeat: () => void
  /** The playing position, published by the bottom player (no re-render of every consumer). */
  clock: PlaybackClock
}

const PlayerContext = createContext<PlayerContextValue | null>(null)

/**
 * Holds what is playing; lives in the root layout so navigation never interrupts playback.
 * `account` is the logged-in account's id (null: nobody); it decides which private songs the
 * player may remember and resume.
 */
export function PlayerProvider({ children, account = null }: { children: ReactNode; account?: string | null }) {
  const [state, dispatch] = useReducer(reducer, initialPlayerState)
  const [clock] = useState(createPlaybackClock)
  useResumeMemory({ state, dispatch, clock, account })
  // dispatch never changes, so neither do the actions: effects can depend on them safely.
  const actions = useMemo(
    () => ({
      setPlaylist: (playlist: PlayerTrack[], startIndex?: number) => dispatch({ type: 'setPlaylist', playlist, startIndex }),
      playNext: () => dispatch({ type: 'next' }),
      playPrevious: () => dispatch({ type: 'previous' }),
      toggleShuffle: () => dispatch({ type: 'toggleShuffle' }),
      toggleRepeat: () => dispatch({ type: 'toggleRepeat' }),
    }),
    [],
  )
  const value = useMemo<PlayerContextValue>(() => ({ ...state, ...actions, clock }), [state, actions, clock])
  return <PlayerContext.Provider value={value}>{children}</PlayerContext.Provider>
}

export function usePlayer(): PlayerContextValue {
  const context = useContext(PlayerContext)
  if (!context) throw new Error('usePlayer must be used within PlayerProvider')
  return context
}
