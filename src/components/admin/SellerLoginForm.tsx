'use client'

import { useTranslation } from '@payloadcms/ui'
import { type FormEvent, useId, useState } from 'react'
import type { AdminTranslationKeys, AdminTranslations } from '@/i18n/admin-translations'

/**
 * The seller's login on the page a customer's session lands on in /admin: Payload's login call
 * replaces the customer's session cookie with the seller's, then the admin opens. A customer's
 * own credentials get the same refusal as wrong ones (the admin lets only the seller in).
 */
export function SellerLoginForm() {
  const { t } = useTranslation<AdminTranslations, AdminTranslationKeys>()
  const id = useId()
  const [failed, setFailed] = useState(false)
  const [sending, setSending] = useState(false)

  async function logIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setSending(true)
    setFailed(false)
    const response = await fetch('/api/cms/users/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: form.get('email'), password: form.get('password') }),
    }).catch(() => null)
    const body = response?.ok ? ((await response.json()) as { user?: { role?: string } }) : null
    if (body?.user?.role === 'admin') {
      window.location.assign('/admin')
      return
    }
    setSending(false)
    setFailed(true)
  }

  return (
    <form className="shop-seller-login" onSubmit={logIn}>
      <div className="field-type">
        <label className="field-label" htmlFor={`${id}-email`}>
          {t('shop:sellerOnly:email')}
        </label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="username" required />
      </div>
      <div className="field-type">
        <label className="field-label" htmlFor={`${id}-password`}>
          {t('shop:sellerOnly:password')}
        </label>
        <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" required />
      </div>
      {failed && (
        <p role="alert" className="shop-seller-login__error">
          {t('shop:sellerOnly:loginFailed')}
        </p>
      )}
      <button type="submit" className="btn btn--style-primary btn--size-large" disabled={sending}>
        {t('shop:sellerOnly:submit')}
      </button>
    </form>
  )
}
