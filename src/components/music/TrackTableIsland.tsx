'use client'

import { type ReactNode, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { usePlayer } from '@/components/player/PlayerProvider'
import { TrackWaveform } from '@/components/player/TrackWaveform'
import type { PlayerTrack } from '@/player/player-state'
import { whenIdle } from '@/components/when-idle'
import styles from './TrackTable.module.css'

/** Start drawing a row's waveform a little before it scrolls into view. */
const VISIBLE_MARGIN = '200px'

/**
 * The client part of a server-rendered TrackTable, one for the whole table: a click on a row's
 * play button (found by event delegation: `data-track-index`) plays the list from there; the
 * playing row is marked (`aria-current`, its "now playing" note); the rows' waveforms are drawn
 * into their boxes (`data-waveform`) once the page is idle and a row is near the screen, the
 * playing row's always.
 */
export function TrackTableIsland({ tracks, progressLabel, children }: { tracks: PlayerTrack[]; progressLabel: string; children: ReactNode }) {
  const { setPlaylist, currentTrack } = usePlayer()
  const root = useRef<HTMLDivElement>(null)
  const [boxes, setBoxes] = useState<HTMLElement[]>([])
  const [nearScreen, setNearScreen] = useState<ReadonlySet<number>>(new Set())
  const playingIndex = currentTrack ? tracks.findIndex((track) => track.id === currentTrack.id && track.audio === currentTrack.audio) : -1

  useEffect(() => {
    const element = root.current
    if (!element) return
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>('button[data-track-index]')
      if (button && element.contains(button)) setPlaylist(tracks, Number(button.dataset.trackIndex))
    }
    element.addEventListener('click', onClick)
    return () => element.removeEventListener('click', onClick)
  }, [tracks, setPlaylist])

  useEffect(() => {
    root.current?.querySelectorAll<HTMLElement>('tr[data-track-row]').forEach((row) => {
      const playing = Number(row.dataset.trackRow) === playingIndex
      row.classList.toggle(styles.playing!, playing)
      if (playing) row.setAttribute('aria-current', 'true')
      else row.removeAttribute('aria-current')
      const note = row.querySelector<HTMLElement>('[data-now-playing]')
      if (note) note.hidden = !playing
    })
  }, [playingIndex])

  useEffect(() => {
    const element = root.current
    if (!element) return
    const found = [...element.querySelectorAll<HTMLElement>('[data-waveform]')]
    setBoxes(found)
    if (typeof IntersectionObserver === 'undefined') return
    let observer: IntersectionObserver | undefined
    const cancel = whenIdle(() => {
      observer = new IntersectionObserver(
        (entries) => {
          const visible = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target as HTMLElement)
          if (visible.length === 0) return
          visible.forEach((box) => observer?.unobserve(box))
          setNearScreen((before) => new Set([...before, ...visible.map((box) => Number(box.dataset.waveform))]))
        },
        { rootMargin: VISIBLE_MARGIN },
      )
      found.forEach((box) => observer?.observe(box))
    })
    return () => {
      cancel()
      observer?.disconnect()
    }
  }, [tracks])

  return (
    <div ref={root}>
      {children}
      {boxes.map((box) => {
        const index = Number(box.dataset.waveform)
        const track = tracks[index]
        const playing = index === playingIndex
        if (!track || !(playing || nearScreen.has(index))) return null
        return createPortal(<TrackWaveform peaksUrl={track.peaks} playing={playing} progressLabel={progressLabel} />, box, `${index}`)
      })}
    </div>
  )
}
