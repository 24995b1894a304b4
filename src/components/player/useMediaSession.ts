'use client'

import { type RefObject, useEffect } from 'react'
import type { PlayerContextValue } from './PlayerProvider'

type Options = {
  audioRef: RefObject<HTMLAudioElement | null>
  player: PlayerContextValue
  artist: string
  /** Play as the play button does (the sleep timer may set itself again). */
  play: () => void
  seekBy: (seconds: number) => void
  seekTo: (seconds: number) => void
}

/** Lock screen, notification and media keys (Media Session API), where the browser has it. */
export function useMediaSession({ audioRef, player, artist, play, seekBy, seekTo }: Options) {
  const { currentTrack, playNext, playPrevious } = player

  useEffect(() => {
    if (!('mediaSession' in navigator) || !currentTrack) return
    const artwork = currentTrack.cover ? [{ src: new URL(currentTrack.cover, window.location.href).href, sizes: '512x512' }] : []
    navigator.mediaSession.metadata = new MediaMetadata({ title: currentTrack.title, artist: currentTrack.artist ?? artist, artwork })
  }, [currentTrack, artist])

  useEffect(() => {
    if (!('mediaSession' in navigator)) return
    const session = navigator.mediaSession
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', play],
      ['pause', () => audioRef.current?.pause()],
      ['nexttrack', playNext],
      ['previoustrack', playPrevious],
      ['seekbackward', (details) => seekBy(-(details.seekOffset ?? 10))],
      ['seekforward', (details) => seekBy(details.seekOffset ?? 10)],
      ['seekto', (details) => details.seekTime !== undefined && seekTo(details.seekTime)],
    ]
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler)
      } catch {
        // This browser does not know the action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null)
        } catch {
          // ignore
        }
      }
    }
  }, [audioRef, play, playNext, playPrevious, seekBy, seekTo])
}
