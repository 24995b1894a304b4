'use client'

import { createContext, type ReactNode, useContext, useMemo, useReducer } from 'react'
import { initialPlayerState, playNext, playPrevious, type PlayerState, type PlayerTrack, setPlaylist, toggleRepeat, toggleShuffle } from '@/player/player-state'

type Action =
  | { type: 'setPlaylist'; playlist: PlayerTrack[]; startIndex?: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'toggleShuffle' }
  | { type: 'toggleRepeat' }

function reducer(state: PlayerState, action: Action): PlayerState {
  switch (action.type) {
    case 'setPlaylist':
      return setPlaylist(state, action.playlist, action.startIndex)
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
}

const PlayerContext = createContext<PlayerContextValue | null>(null)

/** Holds what is playing; lives in the root layout so navigation never interrupts playback. */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, initialPlayerState)
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
  const value = useMemo<PlayerContextValue>(() => ({ ...state, ...actions }), [state, actions])
  return <PlayerContext.Provider value={value}>{children}</PlayerContext.Provider>
}

export function usePlayer(): PlayerContextValue {
  const context = useContext(PlayerContext)
  if (!context) throw new Error('usePlayer must be used within PlayerProvider')
  return context
}
