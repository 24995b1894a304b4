'use client'

import Link from 'next/link'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { postJson } from '@/auth/access-token'
import styles from '@/components/forms/Form.module.css'
import { FormField } from '@/components/forms/FormField'
import { HydratedFieldset } from '@/components/forms/HydratedFieldset'
import type { Messages } from '@/i18n/messages/de'
import { EMAIL_PATTERN } from '@/rules/email'

export type PasswordResetLabels = Messages['passwordReset']

type Feedback = { kind: 'error' | 'sent'; text: string } | null

/** Asks for a link to set a new password; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ labels }: { labels: PasswordResetLabels }) {
  const [feedback, setFeedback] = useState<Feedback>(null)
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ defaultValues: { email: '' } })
  const { errors, isSubmitting } = formState

  async function send({ email }: { email: string }): Promise<void> {
    let response: Response
    try {
      response = await postJson('/api/accounts/password-reset/', { email: email.trim() })
    } catch {
      setFeedback({ kind: 'error', text: labels.networkError })
      return
    }
    if (response.ok) {
      setFeedback({ kind: 'sent', text: labels.sent })
      return
    }
    const { code } = (await response.json().catch(() => ({}))) as { code?: string }
    setFeedback({ kind: 'error', text: labels.problems[code as keyof PasswordResetLabels['problems']] ?? labels.failed })
  }

  return (
    <section className={styles.authPanel} aria-labelledby="forgot-title">
      <h1 id="forgot-title">{labels.requestTitle}</h1>
      <p className="muted">{labels.requestIntro}</p>
      {feedback?.kind === 'sent' ? (
        <p className={styles.success} role="status">
          {feedback.text}
        </p>
      ) : (
        <form className={styles.form} onSubmit={handleSubmit(send)} noValidate>
          <HydratedFieldset>
            <FormField
              label={labels.email}
              type="email"
              error={errors.email}
              input={register('email', { required: labels.required, pattern: { value: EMAIL_PATTERN, message: labels.problems.invalid_email } })}
              autoComplete="email"
            />
            <button className="button" type="submit" disabled={isSubmitting}>
              {isSubmitting ? labels.sending : labels.send}
            </button>
          </HydratedFieldset>
        </form>
      )}
      {feedback?.kind === 'error' && (
        <p className="error-message" role="alert">
          <span aria-hidden="true">✕ </span>
          {feedback.text}
        </p>
      )}
      <Link href="/login">{labels.backToLogin}</Link>
    </section>
  )
}
