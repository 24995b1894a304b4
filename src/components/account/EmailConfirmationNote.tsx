'use client'

import { useEffect, useState } from 'react'
import { apiFetch } from '@/auth/access-token'
import type { EmailConfirmationLabels } from '@/components/auth/ConfirmEmailForm'
import styles from '@/components/forms/Form.module.css'
import { fillTemplate } from '@/i18n/fill-template'

type Feedback = { kind: 'sent' | 'error'; text: string } | null

/** A calm note on the account page while the address is unconfirmed, with "send the link again". */
export function EmailConfirmationNote({ email, labels }: { email: string; labels: EmailConfirmationLabels }) {
  const [sending, setSending] = useState(false)
  const [feedback, setFeedback] = useState<Feedback>(null)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  async function sendAgain(): Promise<void> {
    setSending(true)
    try {
      const response = await apiFetch('/api/accounts/confirm-email/resend/', { method: 'POST' })
      const body = (await response.json().catch(() => ({}))) as { code?: string; email?: string }
      if (response.ok) setFeedback({ kind: 'sent', text: fillTemplate(labels.resent, { email: body.email ?? email }) })
      else setFeedback({ kind: 'error', text: labels.problems[body.code as keyof EmailConfirmationLabels['problems']] ?? labels.failed })
    } catch {
      setFeedback({ kind: 'error', text: labels.networkError })
    } finally {
      setSending(false)
    }
  }

  return (
    <section className={styles.note} aria-label={labels.title}>
      <p>{fillTemplate(labels.pending, { email })}</p>
      {feedback?.kind !== 'sent' && (
        <button type="button" className="link-button" onClick={sendAgain} disabled={!hydrated || sending}>
          {sending ? labels.resending : labels.resend}
        </button>
      )}
      {feedback && (
        <p className={feedback.kind === 'error' ? 'error-message' : undefined} role={feedback.kind === 'error' ? 'alert' : 'status'}>
          {feedback.text}
        </p>
      )}
    </section>
  )
}
