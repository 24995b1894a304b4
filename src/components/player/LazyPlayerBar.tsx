'use client'

import { type ComponentType, useEffect, useState } from 'react'
import { whenIdle } from '@/components/when-idle'
import type { PlayerLabels } from './player-labels'
import { usePlayer } from './PlayerProvider'

type PlayerBarComponent = ComponentType<{ labels: PlayerLabels }>

const loadPlayerBar = (): Promise<PlayerBarComponent> => import('./PlayerBar').then((module) => module.PlayerBar)

/**
 * The bottom player. Its script is loaded once the page is idle (no page needs it for its first
 * paint; it was a good part of every page's script, issue 29), but the bar is rendered only once
 * something plays or is resumed: hidden and silent, it cost every page three tasks at load (its
 * render, its styles, its two audio elements). The script is loaded before the visitor's first
 * press on play as a rule, so that press renders the bar and starts the sound within itself
 * (Safari on iOS plays only within the press). No React.lazy: it suspends once even for a
 * script already loaded. Once shown, the bar stays mounted, its audio elements with it.
 */
export function LazyPlayerBar({ labels }: { labels: PlayerLabels }) {
  const { currentTrack } = usePlayer()
  const [PlayerBar, setPlayerBar] = useState<PlayerBarComponent | null>(null)
  const [shown, setShown] = useState(false)
  if (currentTrack && !shown) setShown(true)

  useEffect(() => {
    let active = true
    const load = () =>
      loadPlayerBar().then(
        (component) => active && setPlayerBar(() => component),
        () => {}, // a script that failed to load is asked for again when something plays
      )
    if (shown) {
      void load()
      return () => {
        active = false
      }
    }
    const cancel = whenIdle(() => void load())
    return () => {
      active = false
      cancel()
    }
  }, [shown])

  return PlayerBar && shown ? <PlayerBar labels={labels} /> : null
}
