'use client'

import { useEffect } from 'react'
import { SKIP_BACK_SECONDS } from '@/player/player-state'

/** Where a key belongs to the focused control, not to the player. */
function isTypingOrOperating(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  return Boolean(target.closest('input, textarea, select, button, a, [role="slider"], [role="tab"], [contenteditable]'))
}

/** Space plays/pauses, arrow keys jump ±10 s — never while the visitor types or operates a control. */
export function usePlayerKeyboard({ enabled, togglePlay, seekBy }: { enabled: boolean; togglePlay: () => void; seekBy: (seconds: number) => void }) {
  useEffect(() => {
    if (!enabled) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTypingOrOperating(event.target)) return
      if (event.key === ' ') togglePlay()
      else if (event.key === 'ArrowLeft') seekBy(-SKIP_BACK_SECONDS)
      else if (event.key === 'ArrowRight') seekBy(SKIP_BACK_SECONDS)
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [enabled, togglePlay, seekBy])
}
