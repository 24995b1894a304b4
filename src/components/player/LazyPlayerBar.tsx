'use client'

import { lazy, Suspense, useEffect, useState } from 'react'
import { whenIdle } from '@/components/when-idle'
import type { PlayerLabels } from './player-labels'
import { usePlayer } from './PlayerProvider'

// React.lazy, not next/dynamic: the bar is rendered only in the browser anyway, and next/dynamic
// brought its loader runtime into every page's first load (issue 29).
const PlayerBar = lazy(() => import('./PlayerBar').then((module) => ({ default: module.PlayerBar })))

/**
 * The bottom player, loaded once the page is idle or as soon as something plays, whichever comes
 * first: no page needs it for its first paint, and it was a good part of every page's script
 * (issue 29). Loaded before the visitor's first press on play as a rule, so that press still
 * starts the sound itself (Safari on iOS plays only within the press).
 */
export function LazyPlayerBar({ labels }: { labels: PlayerLabels }) {
  const { currentTrack } = usePlayer()
  const [idle, setIdle] = useState(false)
  useEffect(() => whenIdle(() => setIdle(true)), [])
  return idle || currentTrack ? (
    <Suspense fallback={null}>
      <PlayerBar labels={labels} />
    </Suspense>
  ) : null
}
