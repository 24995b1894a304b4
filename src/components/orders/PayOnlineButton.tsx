'use client'

import { useState } from 'react'
import { onlinePaymentUrl } from '@/checkout/send-orders'
import { purchasePaymentUrl } from '@/checkout/send-purchase'

/** Opens Stripe's payment page for an unpaid card or PayPal order or purchase (issue 33); says so when it cannot be opened. */
export function PayOnlineButton({ payFor, label, failed }: { payFor: { order: number } | { purchase: number }; label: string; failed: string }) {
  const [state, setState] = useState<'idle' | 'opening' | 'failed'>('idle')

  async function pay() {
    setState('opening')
    const url = await ('order' in payFor ? onlinePaymentUrl(payFor.order) : purchasePaymentUrl(payFor.purchase)).catch(() => null)
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
