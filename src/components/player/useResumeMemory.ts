'use client'

import { type Dispatch, useEffect, useRef } from 'react'
import type { PlaybackClock } from '@/player/playback-clock'
import type { PlayerAction, PlayerState } from '@/player/player-state'
import { forAccount, parseResumeRecord, RESUME_SAVE_INTERVAL_MS, RESUME_STORAGE_KEY, type ResumeRecord, resumeRecordOf } from '@/player/player-resume'

// Storage can be full or switched off (private windows): then the player simply does not remember.
function readRecord(): ResumeRecord | null {
  try {
    return parseResumeRecord(localStorage.getItem(RESUME_STORAGE_KEY))
  } catch {
    return null
  }
}

function writeRecord(record: ResumeRecord | null) {
  try {
    if (record) localStorage.setItem(RESUME_STORAGE_KEY, JSON.stringify(record))
    else localStorage.removeItem(RESUME_STORAGE_KEY)
  } catch {
    // Not remembered this time.
  }
}

type Options = { state: PlayerState; dispatch: Dispatch<PlayerAction>; clock: PlaybackClock; account: string | null }

/**
 * Remembers queue, track and position (issue 21, "Resume"): restores them paused on the first
 * render, writes them every RESUME_SAVE_INTERVAL_MS while playing, on every track change and when
 * the page is hidden, and forgets private songs as soon as the logged-in account changes.
 */
export function useResumeMemory({ state, dispatch, clock, account }: Options) {
  const latest = useRef({ state, account })
  latest.current = { state, account }
  const restoredFor = useRef<string | null | undefined>(undefined)

  useEffect(() => {
    const save = () => {
      const { state, account } = latest.current
      const record = resumeRecordOf(state, clock.get().time, account)
      if (record) writeRecord(record)
    }
    const saveWhenHidden = () => document.visibilityState === 'hidden' && save()
    const timer = setInterval(() => clock.get().playing && save(), RESUME_SAVE_INTERVAL_MS)
    window.addEventListener('pagehide', save)
    document.addEventListener('visibilitychange', saveWhenHidden)
    return () => {
      clearInterval(timer)
      window.removeEventListener('pagehide', save)
      document.removeEventListener('visibilitychange', saveWhenHidden)
    }
  }, [clock])

  // First render: resume what this account (or nobody) may. Later account changes (login,
  // logout, another account) drop the private songs from the queue and from storage.
  useEffect(() => {
    const firstTime = restoredFor.current === undefined
    if (restoredFor.current === account) return
    restoredFor.current = account
    const stored = readRecord()
    const allowed = stored && forAccount(stored, account)
    if (stored !== allowed) writeRecord(allowed)
    if (firstTime && allowed) dispatch({ type: 'resume', playlist: allowed.playlist, index: allowed.index, position: allowed.position })
    if (!firstTime) dispatch({ type: 'forgetPrivate' })
  }, [account, dispatch])

  // A new queue or track is written down at once (the bottom player has published its start).
  useEffect(() => {
    if (restoredFor.current === undefined) return
    const record = resumeRecordOf(state, clock.get().time, latest.current.account)
    if (record) writeRecord(record)
  }, [state, clock])
}
