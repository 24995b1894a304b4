'use client'

import { useEffect } from 'react'
import { whenIdle } from '@/components/when-idle'

/**
 * The start-up calls of spec section 7 (csrf, whoami) and, while logged in, the token refresh
 * every five minutes (src/auth/session-calls.ts, loaded once the page is idle so every page's
 * first load stays small). Failures are only logged: the server-rendered header already knows
 * who is logged in, and an expired session simply shows the login link on the next page.
 */
export function AuthSession({ loggedIn }: { loggedIn: boolean }) {
  useEffect(() => {
    let stop: (() => void) | undefined
    let active = true
    // Once the page is idle, and the calls in an idle moment after their module's: loading the
    // module and sending them made the hydration's effects one long task, and the page's first
    // fetch costs a phone a task of its own (issue 29).
    let cancel = whenIdle(
      () =>
        void import('@/auth/session-calls').then(({ startSession }) => {
          if (active) cancel = whenIdle(() => (stop = startSession(loggedIn)))
        }),
    )
    return () => {
      active = false
      cancel()
      stop?.()
    }
  }, [loggedIn])
  return null
}
