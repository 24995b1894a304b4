'use client'

import { lazy, startTransition, Suspense, useEffect, useState } from 'react'
import { whenIdle } from '@/components/when-idle'
import type { PlayerLabels } from './player-labels'
import { usePlayer } from './PlayerProvider'

// React.lazy, not next/dynamic: the bar is rendered only in the browser anyway, and next/dynamic
// brought its loader runtime into every page's first load (issue 29).
const loadPlayerBar = () => import('./PlayerBar')
const PlayerBar = lazy(() => loadPlayerBar().then((module) => ({ default: module.PlayerBar })))

/**
 * The bottom player, loaded once the page is idle or as soon as something plays, whichever comes
 * first: no page needs it for its first paint, and it was a good part of every page's script
 * (issue 29). Loaded before the visitor's first press on play as a rule, so that press still
 * starts the sound itself (Safari on iOS plays only within the press).
 */
export function LazyPlayerBar({ labels }: { labels: PlayerLabels }) {
  const { currentTrack } = usePlayer()
  const [idle, setIdle] = useState(false)
  // Its script is evaluated in one idle moment and the bar rendered in a later one, as a
  // transition that yields to the page: together they were one long task (issue 29).
  useEffect(() => {
    let active = true
    let cancel = whenIdle(
      () =>
        // A script that failed to load is asked for again when something plays.
        void loadPlayerBar().then(
          () => {
            if (active) cancel = whenIdle(() => startTransition(() => setIdle(true)))
          },
          () => {},
        ),
    )
    return () => {
      active = false
      cancel()
    }
  }, [])
  return idle || currentTrack ? (
    <Suspense fallback={null}>
      <PlayerBar labels={labels} />
    </Suspense>
  ) : null
}
