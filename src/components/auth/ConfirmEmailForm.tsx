'use client'

import Link from 'next/link'
import { useEffect, useState } from 'react'
import { postJson } from '@/auth/access-token'
import styles from '@/components/forms/Form.module.css'
import { fillTemplate } from '@/i18n/fill-template'
import type { Messages } from '@/i18n/messages/de'

export type EmailConfirmationLabels = Messages['emailConfirmation']

type Outcome = { kind: 'confirmed'; email: string } | { kind: 'error'; text: string } | null

/**
 * Confirms the address by an explicit click (a POST): mail scanners open the links in a mail on
 * their own, and a GET alone must not confirm anything.
 */
export function ConfirmEmailForm({ token, labels }: { token: string; labels: EmailConfirmationLabels }) {
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [sending, setSending] = useState(false)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  async function confirm(): Promise<void> {
    setSending(true)
    try {
      const response = await postJson('/api/accounts/confirm-email/', { token })
      const body = (await response.json().catch(() => ({}))) as { code?: string; email?: string }
      if (response.ok) setOutcome({ kind: 'confirmed', email: body.email ?? '' })
      else setOutcome({ kind: 'error', text: labels.problems[body.code as keyof EmailConfirmationLabels['problems']] ?? labels.failed })
    } catch {
      setOutcome({ kind: 'error', text: labels.networkError })
    } finally {
      setSending(false)
    }
  }

  return (
    <section className={styles.authPanel} aria-labelledby="confirm-email-title">
      <h1 id="confirm-email-title">{labels.title}</h1>
      {outcome?.kind === 'confirmed' ? (
        <>
          <p className={styles.success} role="status">
            {fillTemplate(labels.confirmed, { email: outcome.email })}
          </p>
          <Link href="/account">{labels.toAccount}</Link>
        </>
      ) : (
        <>
          <p className="muted">{labels.intro}</p>
          <button type="button" className="button" onClick={confirm} disabled={!hydrated || sending}>
            {sending ? labels.confirming : labels.confirm}
          </button>
        </>
      )}
      {outcome?.kind === 'error' && (
        <p className="error-message" role="alert">
          <span aria-hidden="true">✕ </span>
          {outcome.text}
        </p>
      )}
    </section>
  )
}
