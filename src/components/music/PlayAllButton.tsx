'use client'

import { usePlayer } from '@/components/player/PlayerProvider'
import type { PlayerTrack } from '@/player/player-state'

/** "Play" / "Play all": hands the whole list to the player and starts its first track. */
export function PlayAllButton({ tracks, label }: { tracks: PlayerTrack[]; label: string }) {
  const { setPlaylist } = usePlayer()
  return (
    <button type="button" className="button" onClick={() => setPlaylist(tracks, 0)} disabled={tracks.length === 0}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M8 5v14l11-7z" />
      </svg>
      {label}
    </button>
  )
}
