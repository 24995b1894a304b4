'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { forgetAccessToken, postJson } from '@/auth/access-token'
import styles from '@/components/forms/Form.module.css'
import type { Messages } from '@/i18n/messages/de'

export type AccountDeletionLabels = Messages['accountDeletion']

/** "Delete account" on /account: password again and an explicit tick, then POST /api/accounts/delete/. */
export function DeleteAccountForm({ labels }: { labels: AccountDeletionLabels }) {
  const router = useRouter()
  const id = useId()
  const [password, setPassword] = useState('')
  const [confirmed, setConfirmed] = useState(false)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Until hydrated a submit would send the bare HTML form; wait for React.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault()
    if (!password) return setError(labels.problems.password_required)
    setSending(true)
    setError(null)
    try {
      const response = await postJson('/api/accounts/delete/', { password })
      if (response.ok) {
        forgetAccessToken()
        router.push('/account/deleted')
        router.refresh()
        return
      }
      const { code } = (await response.json().catch(() => ({}))) as { code?: string }
      setError(labels.problems[code as keyof AccountDeletionLabels['problems']] ?? labels.failed)
    } catch {
      setError(labels.networkError)
    } finally {
      setSending(false)
    }
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{labels.title}</h2>
      <p className="muted">{labels.intro}</p>
      <p className="muted">{labels.openOrders}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-password`}>{labels.password}</label>
          <input id={`${id}-password`} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </div>
        <label>
          <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} /> {labels.confirm}
        </label>
        <button type="submit" className="button" disabled={!hydrated || !confirmed || sending}>
          {sending ? labels.deleting : labels.submit}
        </button>
        {error && (
          <p className="error-message" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  )
}
