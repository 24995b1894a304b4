'use client'

import { useState } from 'react'
import { paymentPageUrl } from '@/checkout/send-orders'

/**
 * Opens Stripe's payment page for an unpaid card or PayPal order or purchase (`payPath`: its
 * `…/pay/` endpoint); says so when it cannot be opened.
 */
export function PayOnlineButton({ payPath, label, failed }: { payPath: string; label: string; failed: string }) {
  const [state, setState] = useState<'idle' | 'opening' | 'failed'>('idle')

  async function pay() {
    setState('opening')
    const url = await paymentPageUrl(payPath).catch(() => null)
    if (url) window.location.assign(url)
    else setState('failed')
  }

  return (
    <>
      <button type="button" className="button" onClick={pay} disabled={state === 'opening'}>
        {label}
      </button>
      {state === 'failed' && (
        <p className="error-message" role="alert">
          {failed}
        </p>
      )}
    </>
  )
}
