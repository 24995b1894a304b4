'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { apiFetch } from '@/auth/access-token'

/**
 * The "happy" button (spec sections 2 and 4): confirmed once the server agrees; a failure is only
 * logged. Without `onConfirmed` the page is re-rendered from the server.
 */
export function ConfirmOrderButton({ orderId, label, onConfirmed }: { orderId: number; label: string; onConfirmed?: () => void }) {
  const router = useRouter()
  const [confirming, setConfirming] = useState(false)

  async function confirm() {
    setConfirming(true)
    try {
      const response = await apiFetch(`/api/orders/${orderId}/confirm/`, { method: 'POST' })
      if (!response.ok) throw new Error(`confirm answered ${response.status}`)
      if (onConfirmed) onConfirmed()
      else router.refresh()
    } catch (error) {
      console.error(error)
    } finally {
      setConfirming(false)
    }
  }

  return (
    <button type="button" className="button" onClick={confirm} disabled={confirming}>
      {label}
    </button>
  )
}
