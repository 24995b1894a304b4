'use client'

import { useRouter } from 'next/navigation'

/** Logs out on the server, forgets the stored token, refreshes and goes to /login (spec section 4). */
export function LogoutButton({ label }: { label: string }) {
  const router = useRouter()
  const logout = async () => {
    await fetch('/api/accounts/logout/', { method: 'POST', credentials: 'include' }).catch((error) => console.error(error))
    localStorage.removeItem('access')
    router.push('/login')
    router.refresh()
  }
  return (
    <button type="button" className="nav-button" onClick={logout}>
      {label}
    </button>
  )
}
