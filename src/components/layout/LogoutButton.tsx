'use client'

import { useRouter } from 'next/navigation'
import { apiFetch, forgetAccessToken } from '@/auth/access-token'

/**
 * Logs out on the server, forgets the stored token and what the browser kept offline for the
 * account (saved songs, visited pages), refreshes and goes to /login (spec section 4).
 */
export function LogoutButton({ label }: { label: string }) {
  const router = useRouter()
  const logout = async () => {
    await apiFetch('/api/accounts/logout/', { method: 'POST' }).catch((error) => console.error(error))
    forgetAccessToken()
    await import('@/components/offline/offline-songs').then(({ forgetAccountData }) => forgetAccountData()).catch((error) => console.error(error))
    router.push('/login')
    router.refresh()
  }
  return (
    <button type="button" className="nav-button" onClick={logout}>
      {label}
    </button>
  )
}
