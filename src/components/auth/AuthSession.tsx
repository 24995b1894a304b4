'use client'

import { useEffect } from 'react'
import { apiFetch, storeAccessToken } from '@/auth/access-token'

/** Spec section 9: the login is refreshed every 300000 ms (5 minutes). */
export const TOKEN_REFRESH_MS = 300_000

/**
 * The start-up calls of spec section 7 (csrf, whoami) and, while logged in, the token refresh
 * every five minutes. Failures are only logged: the server-rendered header already knows who is
 * logged in, and an expired session simply shows the login link on the next page.
 */
export function AuthSession({ loggedIn }: { loggedIn: boolean }) {
  useEffect(() => {
    apiFetch('/api/csrf/').catch((error) => console.error('csrf', error))
    apiFetch('/api/whoami/')
      .then((response) => response.json())
      .catch((error) => console.error('whoami', error))
  }, [])

  useEffect(() => {
    if (!loggedIn) return
    const refresh = async () => {
      try {
        const response = await apiFetch('/api/auth/refresh/', { method: 'POST' })
        if (!response.ok) throw new Error(`refresh answered ${response.status}`)
        const { access } = (await response.json()) as { access?: string }
        if (access) storeAccessToken(access)
      } catch (error) {
        console.error('token refresh', error)
      }
    }
    const timer = setInterval(refresh, TOKEN_REFRESH_MS)
    return () => clearInterval(timer)
  }, [loggedIn])

  return null
}
